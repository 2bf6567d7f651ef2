//! A player specification for self-play (`depth=3,threads=2`, `movetime=100`, `tc=1000+10`).

use crate::search::Limits;
use std::fmt;
use std::time::Duration;

/// How one side of a self-play game searches.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    pub depth: Option<i32>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub threads: usize,
    pub hash_mb: usize,
    /// Clock in ms and increment in ms.
    pub tc: Option<(u64, u64)>,
}

impl Default for PlayerSpec {
    fn default() -> Self {
        PlayerSpec {
            depth: None,
            movetime: Some(100),
            nodes: None,
            threads: 1,
            hash_mb: 16,
            tc: None,
        }
    }
}

impl PlayerSpec {
    /// Parses `key=value` pairs separated by commas.
    pub fn parse(s: &str) -> Result<PlayerSpec, String> {
        let mut spec = PlayerSpec {
            movetime: None,
            ..PlayerSpec::default()
        };
        for part in s.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("expected key=value, got '{part}'"))?;
            let num = |v: &str| {
                v.parse::<u64>()
                    .map_err(|_| format!("bad number '{v}' for {k}"))
            };
            match k {
                "depth" => spec.depth = Some(num(v)?.clamp(1, 100) as i32),
                "movetime" => spec.movetime = Some(num(v)?),
                "nodes" => spec.nodes = Some(num(v)?),
                "threads" => spec.threads = num(v)?.clamp(1, 256) as usize,
                "hash" => spec.hash_mb = num(v)?.clamp(1, 65536) as usize,
                "tc" => {
                    let (base, inc) = v.split_once('+').unwrap_or((v, "0"));
                    spec.tc = Some((num(base)?, num(inc)?));
                }
                _ => {
                    return Err(format!(
                        "unknown key '{k}' (depth, movetime, nodes, threads, hash, tc)"
                    ))
                }
            }
        }
        if spec.depth.is_none()
            && spec.movetime.is_none()
            && spec.nodes.is_none()
            && spec.tc.is_none()
        {
            spec.movetime = Some(100);
        }
        Ok(spec)
    }

    /// Limits for one move, given the side's remaining clock (if playing on a clock).
    pub fn limits(&self, clock_ms: Option<u64>) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            nodes: self.nodes,
            ..Limits::default()
        };
        if let Some(mt) = self.movetime {
            l.movetime = Some(Duration::from_millis(mt));
        }
        if let (Some((_, inc)), Some(left)) = (self.tc, clock_ms) {
            l.time = Some(Duration::from_millis(left));
            l.increment = Duration::from_millis(inc);
        }
        l
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(m) = self.movetime {
            parts.push(format!("movetime={m}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some((b, i)) = self.tc {
            parts.push(format!("tc={b}+{i}"));
        }
        if self.threads > 1 {
            parts.push(format!("threads={}", self.threads));
        }
        write!(f, "{}", parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_specs() {
        let s = PlayerSpec::parse("depth=3,threads=2").unwrap();
        assert_eq!(s.depth, Some(3));
        assert_eq!(s.threads, 2);
        assert_eq!(s.movetime, None);
        assert_eq!(
            PlayerSpec::parse("tc=1000+10").unwrap().tc,
            Some((1000, 10))
        );
        assert!(PlayerSpec::parse("speed=3").is_err());
        assert!(PlayerSpec::parse("depth=x").is_err());
        assert_eq!(PlayerSpec::parse("").unwrap().movetime, Some(100));
    }
}
