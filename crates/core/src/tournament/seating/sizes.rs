//! How many tables of each size a round needs.

use super::SeatingError;

/// Splits `n` players into table sizes.
///
/// Tables of 4 are the norm; tables of 5 take the remainder, with as few
/// tables of 5 as possible (`n = 4a + 5b`, smallest `b`). `extra_fives` asks
/// for at least that many more tables of 5 than the minimum: since four tables
/// of 5 replace five tables of 4, the number of 5s can only grow by steps of
/// 4, so the request is rounded up to the next possible split, and capped at
/// the largest possible one (a split with no table of 4 left if need be).
///
/// Tables of 3 appear only when no split into 4s and 5s exists (n = 3, 6, 7,
/// 11), as few as possible: 3, 3+3, 4+3, 4+4+3; `extra_fives` is then ignored.
///
/// Order: larger tables first (tables of 5, then 4, then 3). Table numbers
/// (1-based, as used by [`super::RoundRequest::fixed_table`]) follow this order.
///
/// # Errors
/// [`SeatingError::TooFewPlayers`] when `n < 3`.
pub fn table_sizes(n: usize, extra_fives: usize) -> Result<Vec<usize>, SeatingError> {
    if n < 3 {
        return Err(SeatingError::TooFewPlayers(n));
    }
    // b ≡ n (mod 4) since 5 ≡ 1 (mod 4).
    let b0 = n % 4;
    if 5 * b0 > n {
        // n = 3, 6, 7, 11: no split into 4s and 5s.
        let threes = match n {
            3 => 1,
            6 => 2,
            7 => 1,
            11 => 1,
            _ => unreachable!("every other n has a split into 4s and 5s"),
        };
        let fours = (n - 3 * threes) / 4;
        let mut sizes = vec![4; fours];
        sizes.extend(std::iter::repeat_n(3, threes));
        return Ok(sizes);
    }
    let max_b = {
        let mut b = n / 5;
        while b % 4 != b0 {
            b -= 1;
        }
        b
    };
    let wanted = b0 + extra_fives;
    let b = if wanted >= max_b {
        max_b
    } else {
        // round up to the next b ≡ b0 (mod 4)
        b0 + extra_fives.div_ceil(4) * 4
    }
    .min(max_b);
    let a = (n - 5 * b) / 4;
    let mut sizes = vec![5; b];
    sizes.extend(std::iter::repeat_n(4, a));
    Ok(sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        assert_eq!(table_sizes(3, 0).unwrap(), vec![3]);
        assert_eq!(table_sizes(6, 0).unwrap(), vec![3, 3]);
        assert_eq!(table_sizes(7, 0).unwrap(), vec![4, 3]);
        assert_eq!(table_sizes(11, 0).unwrap(), vec![4, 4, 3]);
        assert_eq!(table_sizes(22, 0).unwrap(), vec![5, 5, 4, 4, 4]);
        assert_eq!(table_sizes(20, 1).unwrap(), vec![5, 5, 5, 5]);
        assert_eq!(table_sizes(40, 1).unwrap(), vec![5, 5, 5, 5, 4, 4, 4, 4, 4]);
        assert_eq!(table_sizes(21, 9).unwrap(), vec![5, 4, 4, 4, 4]);
        assert!(table_sizes(2, 0).is_err());
    }
}
