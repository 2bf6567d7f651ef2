//! The network's inner loops over a row of `HIDDEN` units: a move's rows added to and taken
//! from a view's sums, and the output layer's dot products.
//!
//! Each is also compiled with AVX2 and picked at run time ([`crate::core::simd`]): the same
//! integer arithmetic, twice as many units an instruction.

use super::{HIDDEN, QA};
use crate::core::simd::dispatched;

type Row = [i16; HIDDEN];

dispatched! {
    /// `acc += add`.
    fn add(acc: &mut Row, add: &Row) {
        for (a, x) in acc.iter_mut().zip(add) {
            *a = a.wrapping_add(*x);
        }
    }
}

dispatched! {
    /// `acc -= sub`.
    fn sub(acc: &mut Row, sub: &Row) {
        for (a, x) in acc.iter_mut().zip(sub) {
            *a = a.wrapping_sub(*x);
        }
    }
}

dispatched! {
    /// `acc += add - sub`, in one pass: a quiet move.
    fn add_sub(acc: &mut Row, add: &Row, sub: &Row) {
        for ((a, x), y) in acc.iter_mut().zip(add).zip(sub) {
            *a = a.wrapping_add(x.wrapping_sub(*y));
        }
    }
}

dispatched! {
    /// `acc += add - sub1 - sub2`, in one pass: a capture.
    fn add_sub2(acc: &mut Row, add: &Row, sub1: &Row, sub2: &Row) {
        for (((a, x), y), z) in acc.iter_mut().zip(add).zip(sub1).zip(sub2) {
            *a = a.wrapping_add(x.wrapping_sub(*y).wrapping_sub(*z));
        }
    }
}

dispatched! {
    /// The sum of `clamp(a, 0, QA) · w`: clipped in 16 bits and multiplied 16 by 16 into 32,
    /// the form a compiler turns into the processor's paired multiply-add.
    fn dot_clipped(acc: &Row, weights: &Row) -> i32 {
        acc.iter()
            .zip(weights)
            .map(|(a, w)| (*a).clamp(0, QA as i16) as i32 * *w as i32)
            .sum()
    }
}

dispatched! {
    /// The sum of `clamp(a, 0, QA)² · w`, scaled by `QA` more than [`dot_clipped`]'s: `v · w`
    /// is taken in 16 bits (the trainer clips the output weights to `|w| < 128`, so it fits),
    /// then multiplied by `v` into 32, the paired multiply-add again.
    fn dot_squared(acc: &Row, weights: &Row) -> i32 {
        acc.iter()
            .zip(weights)
            .map(|(a, w)| {
                let v = (*a).clamp(0, QA as i16);
                v.wrapping_mul(*w) as i32 * v as i32
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn row() -> impl Strategy<Value = Row> {
        proptest::collection::vec(any::<i16>(), HIDDEN).prop_map(|v| v.try_into().unwrap())
    }

    proptest! {
        /// Whichever form runs, the sums are those of plain wrapping arithmetic, one unit
        /// at a time.
        #[test]
        fn row_updates_are_unit_by_unit_arithmetic(
            acc in row(), a in row(), b in row(), c in row()
        ) {
            let each = |f: &dyn Fn(usize) -> i16| -> Row { std::array::from_fn(f) };
            let mut x = acc;
            add(&mut x, &a);
            prop_assert_eq!(x, each(&|i| acc[i].wrapping_add(a[i])));
            let mut x = acc;
            sub(&mut x, &a);
            prop_assert_eq!(x, each(&|i| acc[i].wrapping_sub(a[i])));
            let mut x = acc;
            add_sub(&mut x, &a, &b);
            prop_assert_eq!(x, each(&|i| acc[i].wrapping_add(a[i]).wrapping_sub(b[i])));
            let mut x = acc;
            add_sub2(&mut x, &a, &b, &c);
            prop_assert_eq!(
                x,
                each(&|i| acc[i].wrapping_add(a[i]).wrapping_sub(b[i]).wrapping_sub(c[i]))
            );
        }

        /// The dot products equal their definitions summed in 64 bits, for output weights
        /// in the range the trainer writes.
        #[test]
        fn dot_products_are_their_definitions(
            acc in row(), w in proptest::collection::vec(-127i16..128, HIDDEN)
        ) {
            let w: Row = w.try_into().unwrap();
            let v = |a: i16| a.clamp(0, QA as i16) as i64;
            let clipped: i64 = (0..HIDDEN).map(|i| v(acc[i]) * w[i] as i64).sum();
            let squared: i64 = (0..HIDDEN).map(|i| v(acc[i]) * v(acc[i]) * w[i] as i64).sum();
            prop_assert_eq!(dot_clipped(&acc, &w) as i64, clipped);
            prop_assert_eq!(dot_squared(&acc, &w) as i64, squared);
        }
    }
}
