//! Replays every `transcript` block of `protocol/*.md` against the built binary
//! and compares zest's output line by line (search output with its timing
//! fields is skipped between expectations).

mod protocol_common;

use protocol_common::{transcript, Zest};
use std::time::Duration;

#[test]
fn transcripts_in_protocol_docs() {
    let count = transcript::replay_all(|| Zest::start(&[]), Duration::from_secs(20));
    assert!(count >= 8, "{count} transcripts");
}
