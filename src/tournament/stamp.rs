//! Wall-clock stamps for PGN tags (`Date`, `GameStartTime`, `GameEndTime`), always in UTC so
//! that shards run on machines in different zones merge into one consistent file.

use jiff::Timestamp;

/// Now, to the millisecond.
pub fn now() -> Timestamp {
    Timestamp::now()
}

/// `YYYY.MM.DD` (PGN `Date`) and `YYYY-MM-DDTHH:MM:SS +0000` (cutechess's time tags) of a
/// Unix time in milliseconds.
pub fn utc_stamp(unix_ms: u64) -> (String, String) {
    let t = i64::try_from(unix_ms)
        .ok()
        .and_then(|ms| Timestamp::from_millisecond(ms).ok())
        .unwrap_or(Timestamp::UNIX_EPOCH);
    (
        t.strftime("%Y.%m.%d").to_string(),
        t.strftime("%Y-%m-%dT%H:%M:%S +0000").to_string(),
    )
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    u64::try_from(now().as_millisecond()).unwrap_or(0)
}
