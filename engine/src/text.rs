//! Text shared by messages: "A, B, C and N more" lists of players. Findings and warnings
//! name the players concerned, but a message must stay readable when thousands are.

/// A count with its noun, singular for one: "1 iteration", "13 iterations" (a noun that
/// does not take a plain "s" gives its plural: `count(n, "pass", "passes")`).
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A number with its thousands separated by commas: `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `text` cut to its first `max` bytes (at a character's boundary) and a note of how much was
/// left out, when it is longer: an explanation that lists every game of a player of thousands
/// stays readable, and a table of them in proportion to the players, not to their games.
pub fn cut_to(mut text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let left_out = text[end..].chars().count();
    text.truncate(end);
    text += &format!(" … ({} more characters left out)", thousands(left_out as u64));
    text.shrink_to_fit();
    text
}

/// The first `shown` of `names` joined by ", ", then " and N more" for the `N` left out.
pub fn names_and_more<S: AsRef<str>>(names: impl IntoIterator<Item = S>, shown: usize) -> String {
    let mut listed = Vec::new();
    let mut count = 0;
    for name in names {
        if count < shown {
            listed.push(name);
        }
        count += 1;
    }
    join_and_more(&listed, count)
}

/// The first `shown` of `names` (an iterator that may hold more: only `shown` are taken) out
/// of `total`, joined as [`names_and_more`] joins them: a list of a large group is made in
/// time and space for the names shown, not for the group.
pub fn first_of<S: AsRef<str>>(names: impl IntoIterator<Item = S>, total: usize, shown: usize) -> String {
    let listed: Vec<S> = names.into_iter().take(shown).collect();
    join_and_more(&listed, total.max(listed.len()))
}

/// As [`names_and_more`], the names first ordered by their lower case (equal ones keep their
/// order), so that the list does not depend on the order of the input. Only the shown ones
/// are sorted, after a selection of them, and lower case is compared character by character:
/// nothing is allocated per name or per comparison, however many names there are.
pub fn sorted_names_and_more<S: AsRef<str>>(names: impl IntoIterator<Item = S>, shown: usize) -> String {
    let mut names: Vec<(usize, S)> = names.into_iter().enumerate().collect();
    let total = names.len();
    let order = |a: &(usize, S), b: &(usize, S)| lower_case_cmp(a.1.as_ref(), b.1.as_ref()).then(a.0.cmp(&b.0));
    if shown < total {
        crate::sort::nth_unstable_by(&mut names, shown, order);
        names.truncate(shown);
    }
    crate::sort::by(&mut names, order);
    let listed: Vec<S> = names.into_iter().map(|(_, name)| name).collect();
    join_and_more(&listed, total)
}

/// `a` and `b` compared in lower case, without making lower-case copies.
pub fn lower_case_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    if a.is_ascii() && b.is_ascii() {
        return ascii_lower_case_cmp(a.as_bytes(), b.as_bytes());
    }
    a.chars().flat_map(char::to_lowercase).cmp(b.chars().flat_map(char::to_lowercase))
}

/// [`lower_case_cmp`] of two ASCII texts: the same order, as each byte is its own character
/// and lower-cases to one byte. Equal bytes are equal in lower case too, so equal runs are
/// skipped a block at a time (a list's names often share a long beginning, and every tie of
/// a ranking compares names).
fn ascii_lower_case_cmp(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    const BLOCK: usize = 32;
    let mut at = 0;
    while at + BLOCK <= a.len().min(b.len()) && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    for (x, y) in a[at..].iter().zip(&b[at..]) {
        let (x, y) = (x.to_ascii_lowercase(), y.to_ascii_lowercase());
        if x != y {
            return x.cmp(&y);
        }
    }
    a.len().cmp(&b.len())
}

/// `listed` joined by ", " (each name an excerpt), then " and N more" for the rest of `total`.
fn join_and_more<S: AsRef<str>>(listed: &[S], total: usize) -> String {
    let mut text = String::new();
    for (k, name) in listed.iter().enumerate() {
        if k > 0 {
            text += ", ";
        }
        text += &crate::error::excerpt(name.as_ref());
    }
    if total > listed.len() {
        text += &format!(" and {} more", total - listed.len());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_compare_in_lower_case_as_characters_do() {
        // Long shared beginnings, case apart, prefixes of one another, and punctuation between
        // the cases ('[' to '`' sort between capitals and small letters).
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        let alphabet = b"aAbBzZ_[`~ 0";
        let stem = "Nn".repeat(40);
        for _ in 0..20_000 {
            let mut word = |n: u64| -> String {
                let tail: String = (0..next(n)).map(|_| alphabet[next(alphabet.len() as u64) as usize] as char).collect();
                if next(2) == 0 {
                    format!("{stem}{tail}")
                } else {
                    tail
                }
            };
            let (a, b) = (word(6), word(6));
            let by_chars = a.chars().flat_map(char::to_lowercase).cmp(b.chars().flat_map(char::to_lowercase));
            assert_eq!(lower_case_cmp(&a, &b), by_chars, "{a:?} against {b:?}");
        }
    }

    #[test]
    fn lists_are_cut_after_the_shown_names() {
        let names = ["ben", "Anna", "cleo", "Dan"];
        for (shown, plain, sorted) in [
            (0, " and 4 more", " and 4 more"),
            (2, "ben, Anna and 2 more", "Anna, ben and 2 more"),
            (3, "ben, Anna, cleo and 1 more", "Anna, ben, cleo and 1 more"),
            (4, "ben, Anna, cleo, Dan", "Anna, ben, cleo, Dan"),
            (10, "ben, Anna, cleo, Dan", "Anna, ben, cleo, Dan"),
        ] {
            assert_eq!(names_and_more(names, shown), plain, "{shown}");
            assert_eq!(sorted_names_and_more(names, shown), sorted, "{shown}");
        }
        assert_eq!(names_and_more(Vec::<String>::new(), 8), "");
        assert_eq!(sorted_names_and_more(["b", "B", "a"], 8), "a, b, B");
        // Only the names shown are taken from the iterator.
        assert_eq!(
            first_of(names.iter().chain(std::iter::repeat_n(&"x", 1 << 40)), 1 << 30, 2),
            format!("ben, Anna and {} more", (1u64 << 30) - 2)
        );
        assert_eq!(first_of(names, 4, 8), "ben, Anna, cleo, Dan");
        assert_eq!([0, 999, 1000, 1234567].map(thousands), ["0", "999", "1,000", "1,234,567"]);
        assert_eq!(cut_to("short".into(), 5), "short");
        assert_eq!(cut_to("Zoë and more".into(), 3), "Zo … (10 more characters left out)");
    }
}
