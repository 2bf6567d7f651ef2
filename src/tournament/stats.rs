//! Match statistics: W/D/L, pentanomial pair counts, Elo with its 95 % error, normalised Elo,
//! LOS, draw ratio and the GSPRT log-likelihood ratio.
//!
//! The formulas are fishtest's (`stats/LLRcalc.py`, `stats/stat_util.py`), restated in
//! `../shared/research/tournament.md` section C; the test vectors of
//! `tournament-data/stats_vectors.txt` are reproduced in `tests/tournament_stats.rs`.
//! Zero counts are replaced by 1e-3 before any maths (fishtest's regularisation), so that a
//! run with zero variance (every pair 1–1) still prints finite numbers instead of NaN.

use serde::{Deserialize, Serialize};

/// Two-sided 95 % quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;
/// Normalised Elo per unit of t-value: 800 / ln 10.
pub const NELO_PER_T: f64 = 347.435_585_522_601_46;

/// Counts from one engine's point of view (the first engine of an encounter).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Pairs by pair score: `[LL, LD, WL+DD, WD, WW]`.
    pub penta: [u64; 5],
    /// The WL and DD pairs counted apart (they are merged in `penta[2]` for all maths).
    pub pairs_wl: u64,
    pub pairs_dd: u64,
}

impl Counts {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    pub fn pairs(&self) -> u64 {
        self.penta.iter().sum()
    }

    /// Adds one game scored 1, ½ or 0 for this side.
    pub fn add_game(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Adds one finished pair from this side's two game scores.
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let idx = ((a + b) * 2.0).round() as usize;
        self.penta[idx.min(4)] += 1;
        if idx == 2 {
            if (a - 0.5).abs() < 0.25 {
                self.pairs_dd += 1;
            } else {
                self.pairs_wl += 1;
            }
        }
    }

    pub fn merge(&mut self, o: &Counts) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        for i in 0..5 {
            self.penta[i] += o.penta[i];
        }
        self.pairs_wl += o.pairs_wl;
        self.pairs_dd += o.pairs_dd;
    }

    /// Trinomial counts in fishtest's order `[L, D, W]`.
    pub fn trinomial(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }

    pub fn pentanomial(&self) -> [f64; 5] {
        self.penta.map(|n| n as f64)
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }
}

/// Logistic expected score of an Elo difference.
pub fn logistic(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of an expected score (clamped so that 0 and 1 stay finite).
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// Error function, from libm (a port of musl's, accurate to ~1 ulp): LOS and the SPRT
/// bounds need it to well beyond 0.01 %.
pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// Zero counts become 1e-3 (fishtest `regularize`).
fn regularize(results: &[f64]) -> Vec<f64> {
    results
        .iter()
        .map(|&n| if n == 0.0 { 1e-3 } else { n })
        .collect()
}

/// `(N, [(a_i, p_i)])` of regularised counts; `a_i = i/(k-1)`.
fn to_pdf(results: &[f64]) -> (f64, Vec<(f64, f64)>) {
    let r = regularize(results);
    let n: f64 = r.iter().sum();
    let k = r.len();
    let pdf = r
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / (k - 1) as f64, c / n))
        .collect();
    (n, pdf)
}

/// Mean and variance of a distribution.
fn mean_var(pdf: &[(f64, f64)]) -> (f64, f64) {
    let s: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    let var = pdf.iter().map(|(a, p)| p * (a - s) * (a - s)).sum();
    (s, var)
}

/// Root of `Σ pᵢ aᵢ/(1 + x aᵢ) = 0` on `(−1/max a, −1/min a)` by bisection to machine precision.
fn secular(pdf: &[(f64, f64)]) -> f64 {
    let v = pdf.iter().map(|x| x.0).fold(f64::INFINITY, f64::min);
    let w = pdf.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
    if v * w >= 0.0 {
        return 0.0;
    }
    let eps = 1e-9;
    let mut lo = -1.0 / w + eps;
    let mut hi = -1.0 / v - eps;
    let f = |x: f64| pdf.iter().map(|(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    // f is decreasing in x.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution closest to `pdf` (maximum likelihood) with expectation `s`.
fn mle_expected(pdf: &[(f64, f64)], s: f64) -> Vec<(f64, f64)> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted);
    pdf.iter()
        .map(|&(a, p)| (a, p / (1.0 + x * (a - s))))
        .collect()
}

/// The distribution closest to `pdf` with t-value `(μ − ref)/σ = t`.
fn mle_t_value(pdf: &[(f64, f64)], reference: f64, t: f64) -> Vec<(f64, f64)> {
    let n = pdf.len();
    let mut mle: Vec<(f64, f64)> = pdf.iter().map(|&(a, _)| (a, 1.0 / n as f64)).collect();
    for _ in 0..10 {
        let prev = mle.clone();
        let (mu, var) = mean_var(&mle);
        let sigma = var.sqrt();
        let shifted: Vec<(f64, f64)> = pdf
            .iter()
            .map(|&(a, p)| {
                let d = (mu - a) / sigma;
                (a - reference - t * sigma * (1.0 + d * d) / 2.0, p)
            })
            .collect();
        let x = secular(&shifted);
        mle = (0..n)
            .map(|i| (pdf[i].0, pdf[i].1 / (1.0 + x * shifted[i].0)))
            .collect();
        let change = (0..n)
            .map(|i| (prev[i].1 - mle[i].1).abs())
            .fold(0.0, f64::max);
        if change < 1e-9 {
            break;
        }
    }
    mle
}

/// `Σ p̂ᵢ ln(p¹ᵢ/p⁰ᵢ)`.
fn llr_sum(pdf: &[(f64, f64)], p0: &[(f64, f64)], p1: &[(f64, f64)]) -> f64 {
    (0..pdf.len())
        .map(|i| pdf[i].1 * (p1[i].1.ln() - p0[i].1.ln()))
        .sum()
}

/// GSPRT LLR, logistic model: `elo0`, `elo1` in logistic Elo; `results` trinomial `[L,D,W]`
/// or pentanomial.
pub fn llr_logistic(elo0: f64, elo1: f64, results: &[f64]) -> f64 {
    let (n, pdf) = to_pdf(results);
    let p0 = mle_expected(&pdf, logistic(elo0));
    let p1 = mle_expected(&pdf, logistic(elo1));
    n * llr_sum(&pdf, &p0, &p1)
}

/// GSPRT LLR, normalised model: bounds in normalised Elo.
pub fn llr_normalized(nelo0: f64, nelo1: f64, results: &[f64]) -> f64 {
    let scale = if results.len() == 5 {
        std::f64::consts::SQRT_2
    } else {
        1.0
    };
    let t0 = nelo0 / NELO_PER_T * scale;
    let t1 = nelo1 / NELO_PER_T * scale;
    let (n, pdf) = to_pdf(results);
    let p0 = mle_t_value(&pdf, 0.5, t0);
    let p1 = mle_t_value(&pdf, 0.5, t1);
    n * llr_sum(&pdf, &p0, &p1)
}

/// SPRT decision bounds `(lower, upper)` for error rates α, β.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Elo estimate with its 95 % error, normalised Elo and LOS from trinomial or pentanomial counts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    pub score: f64,
    pub elo: f64,
    pub error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    /// Likelihood of superiority, 0..1.
    pub los: f64,
}

/// fishtest `get_elo` plus fastchess's normalised Elo, for `[L,D,W]` or pentanomial counts.
pub fn elo_estimate(results: &[f64]) -> EloEstimate {
    let (n, pdf) = to_pdf(results);
    let (s, var) = mean_var(&pdf);
    let sd = var.sqrt();
    let se = sd / n.sqrt();
    let lo = s - Z95 * se;
    let hi = s + Z95 * se;
    let elo = elo_of(s);
    let error = (elo_of(hi) - elo_of(lo)) / 2.0;
    let sigma_g = if results.len() == 5 {
        std::f64::consts::SQRT_2 * sd
    } else {
        sd
    };
    let (nelo, nelo_error) = if sigma_g > 0.0 {
        (
            (s - 0.5) / sigma_g * NELO_PER_T,
            Z95 * se / sigma_g * NELO_PER_T,
        )
    } else {
        (0.0, 0.0)
    };
    let los = if se > 0.0 { phi((s - 0.5) / se) } else { 0.5 };
    EloEstimate {
        score: s,
        elo,
        error,
        nelo,
        nelo_error,
        los,
    }
}

/// SPRT settings: bounds in Elo of the chosen model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    #[serde(default = "default_error_rate")]
    pub alpha: f64,
    #[serde(default = "default_error_rate")]
    pub beta: f64,
    /// `normalized` (default, as fastchess) or `logistic`.
    #[serde(default = "default_model")]
    pub model: String,
}

fn default_error_rate() -> f64 {
    0.05
}
fn default_model() -> String {
    "normalized".into()
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `Some(true)`: H1 accepted; `Some(false)`: H0 accepted.
    pub decision: Option<bool>,
}

impl Sprt {
    /// The pentanomial LLR of `counts` (trinomial before the first pair is complete).
    pub fn state(&self, counts: &Counts) -> SprtState {
        let results: Vec<f64> = if counts.pairs() > 0 {
            counts.pentanomial().to_vec()
        } else {
            counts.trinomial().to_vec()
        };
        let llr = if counts.games() == 0 {
            0.0
        } else if self.model == "logistic" {
            llr_logistic(self.elo0, self.elo1, &results)
        } else {
            llr_normalized(self.elo0, self.elo1, &results)
        };
        let (lower, upper) = sprt_bounds(self.alpha, self.beta);
        let decision = if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
        }
    }
}

/// The summary printed and written for one encounter (or one engine's total).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub points: f64,
    pub draw_ratio: f64,
    pub penta: [u64; 5],
    pub pairs_wl: u64,
    pub pairs_dd: u64,
    /// Trinomial estimate.
    pub trinomial: EloEstimate,
    /// Pentanomial estimate (absent before the first complete pair).
    pub pentanomial: Option<EloEstimate>,
}

impl Summary {
    pub fn of(c: &Counts) -> Summary {
        Summary {
            games: c.games(),
            wins: c.wins,
            draws: c.draws,
            losses: c.losses,
            points: c.wins as f64 + 0.5 * c.draws as f64,
            draw_ratio: c.draw_ratio(),
            penta: c.penta,
            pairs_wl: c.pairs_wl,
            pairs_dd: c.pairs_dd,
            trinomial: elo_estimate(&c.trinomial()),
            pentanomial: (c.pairs() > 0).then(|| elo_estimate(&c.pentanomial())),
        }
    }

    /// One line in fastchess's style (pentanomial numbers where there are pairs).
    pub fn line(&self) -> String {
        let e = self.pentanomial.unwrap_or(self.trinomial);
        format!(
            "Elo: {:.2} +/- {:.2}, nElo: {:.2} +/- {:.2}, LOS: {:.2} %, DrawRatio: {:.2} %, \
             Games: {}, W: {} L: {} D: {}, Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD: {}/{}",
            e.elo,
            e.error,
            e.nelo,
            e.nelo_error,
            e.los * 100.0,
            self.draw_ratio * 100.0,
            self.games,
            self.wins,
            self.losses,
            self.draws,
            self.penta[0],
            self.penta[1],
            self.penta[2],
            self.penta[3],
            self.penta[4],
            self.pairs_wl,
            self.pairs_dd
        )
    }
}

/// Win, draw and loss probabilities `[L, D, W]` of a BayesElo difference with `drawelo`.
fn bayeselo_probs(belo: f64, drawelo: f64) -> [f64; 3] {
    let w = 1.0 / (1.0 + 10f64.powf((drawelo - belo) / 400.0));
    let l = 1.0 / (1.0 + 10f64.powf((drawelo + belo) / 400.0));
    [l, 1.0 - w - l, w]
}

/// `drawelo` of trinomial frequencies `[L, D, W]`.
fn drawelo_of(r: &[f64; 3]) -> f64 {
    let n: f64 = r.iter().sum();
    let (pl, pw) = (r[0] / n, r[2] / n);
    200.0 * ((1.0 - pl) / pl * (1.0 - pw) / pw).log10()
}

/// Legacy BayesElo LLR (fishtest `LLRlegacy`): bounds taken as BayesElo; 0 while a count is 0.
pub fn llr_bayeselo(belo0: f64, belo1: f64, ldw: [f64; 3]) -> f64 {
    if ldw.contains(&0.0) {
        return 0.0;
    }
    let d = drawelo_of(&ldw);
    let (p0, p1) = (bayeselo_probs(belo0, d), bayeselo_probs(belo1, d));
    (0..3).map(|i| ldw[i] * (p1[i] / p0[i]).ln()).sum()
}

/// cutechess's SPRT (`sprt.cpp`): ½ added to W, D, L; logistic bounds converted to BayesElo
/// by the draw-rate scale `4x/(1+x)²`, `x = 10^(−drawelo/400)`.
pub fn llr_cutechess(elo0: f64, elo1: f64, ldw: [f64; 3]) -> f64 {
    let r = ldw.map(|c| c + 0.5);
    let d = drawelo_of(&r);
    let x = 10f64.powf(-d / 400.0);
    let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
    let (p0, p1) = (
        bayeselo_probs(elo0 / scale, d),
        bayeselo_probs(elo1 / scale, d),
    );
    (0..3).map(|i| r[i] * (p1[i] / p0[i]).ln()).sum()
}

/// c-chess-cli's asymptotic GSPRT (= fishtest `LLR_alt2`): `N (s1−s0)(2s−s0−s1) / (2σ²)`.
pub fn llr_gsprt_approx(elo0: f64, elo1: f64, results: &[f64]) -> f64 {
    let (n, pdf) = to_pdf(results);
    let (s, var) = mean_var(&pdf);
    let (s0, s1) = (logistic(elo0), logistic(elo1));
    n * (s1 - s0) * (2.0 * s - s0 - s1) / var / 2.0
}

/// cutechess's draw-free LOS: `½ + ½ erf((W − L)/√(2(W + L)))`.
pub fn los_wins_losses(wins: f64, losses: f64) -> f64 {
    if wins + losses == 0.0 {
        return 0.5;
    }
    0.5 + 0.5 * erf((wins - losses) / (2.0 * (wins + losses)).sqrt())
}
