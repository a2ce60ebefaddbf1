//! Text shared by messages: "A, B, C and N more" lists of players. Findings and warnings
//! name the players concerned, but a message must stay readable when thousands are.

/// The first `shown` of `names` joined by ", ", then " and N more" for the `N` left out.
pub fn names_and_more<S: AsRef<str>>(names: impl IntoIterator<Item = S>, shown: usize) -> String {
    let mut text = String::new();
    let mut count = 0;
    for name in names {
        if count < shown {
            if count > 0 {
                text += ", ";
            }
            text += &crate::error::excerpt(name.as_ref());
        }
        count += 1;
    }
    if count > shown {
        text += &format!(" and {} more", count - shown);
    }
    text
}

/// As [`names_and_more`], the names first sorted by their lower case (equal ones keep their
/// order), so that the list does not depend on the order of the input.
pub fn sorted_names_and_more<S: AsRef<str>>(names: impl IntoIterator<Item = S>, shown: usize) -> String {
    let mut sorted: Vec<S> = names.into_iter().collect();
    sorted.sort_by_cached_key(|n| n.as_ref().to_lowercase());
    names_and_more(sorted, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
