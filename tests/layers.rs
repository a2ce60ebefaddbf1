//! The modules' imports checked against the layers `ARCHITECTURE.md` writes down (issue 20).
//!
//! The Rust sources are read as text by a small tokenizer (no new dependency): comments,
//! strings and characters are skipped, and so is every item under `#[cfg(test)]` (a test may
//! reach anywhere; a `#[cfg(test)] mod tests;` skips that file). An import is a `use` tree
//! (`use crate::{a::{b, c}, d};`, `super::`, `self::`, a path from a child module) or a path
//! written inline (`crate::x::y`, `super::z`); it goes to the longest module its path names,
//! followed through the `use` items of that module (`crate::Dataset` is `model`, as the
//! crate's root re-exports it), so an edge goes to the file that holds what is used.
//!
//! * `engine_imports_follow_the_layer_table`: every engine import of non-test code goes to a
//!   top-level module its row of the table under "## The engine's layers" allows; every
//!   top-level module has a row, and a row allows only rows before it (bottom → top), so the
//!   top-level modules form no circle.
//! * `app_imports_follow_the_layer_table`: the same for the app's top-level modules against the
//!   table under "## The app's layers", where a row `ratings_engine` stands for the engine
//!   crate: only `core` may name it; the others reach the engine's items through `core`'s door
//!   (`core::engine`), which the check follows without counting it as a crossing.
//! * `engine_modules_form_no_circle` and `app_modules_form_no_circle`: no circle between files
//!   (module paths), a parent and its children included (issue 37): a `mod.rs` that
//!   re-exports a child's item (`pub use child::X`) while the child imports one the `mod.rs`
//!   defines (`super::Y`) is a circle like any other. A parent declares and re-exports its
//!   children (and may use them); what they share lives in a sibling file they import. Only
//!   an edge to or from the crate's root is not counted: the root declares and re-exports
//!   every module, and a module may use what the root defines.
//!
//! Two tests on made-up crates show that each check fails when it should, naming the import
//! (a parent and a child importing each other found; a parent only re-exporting, or children
//! only using the parent's items, not).
//!
//! The crates' roots (`lib.rs`, the app's `main.rs` and `bin/`) declare modules and re-export
//! items; the binaries declare no modules (checked), so the library's modules are the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The engine crate as the app names it: the one crate outside the app whose paths the app's
/// layer table governs (a row of its own, below `core`).
const ENGINE: &str = "ratings_engine";

/// A token: an identifier (or number), `::`, or one punctuation character; with its line.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The tokens of a Rust source, without comments, strings and character literals.
fn tokenize(src: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = src.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let count = |from: usize, to: usize, c: &[char]| c[from..to.min(c.len())].iter().filter(|&&x| x == '\n').count();
    while i < c.len() {
        let ch = c[i];
        let start = i;
        if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            i = skip_block_comment(&c, i);
        } else if let Some(end) = raw_string_end(&c, i) {
            i = end;
        } else if ch == '"' || (ch == 'b' && c.get(i + 1) == Some(&'"')) {
            i = skip_quoted(&c, if ch == 'b' { i + 1 } else { i }, '"');
        } else if ch == '\'' || (ch == 'b' && c.get(i + 1) == Some(&'\'')) {
            let q = if ch == 'b' { i + 1 } else { i };
            // A character literal closes within a few characters; a lifetime does not.
            let is_char = c.get(q + 1) == Some(&'\\') || c.get(q + 2) == Some(&'\'');
            i = if is_char { skip_quoted(&c, q, '\'') } else { q + 1 };
        } else if ch.is_alphanumeric() || ch == '_' {
            if ch == 'r' && c.get(i + 1) == Some(&'#') {
                i += 2; // a raw identifier: r#type
            }
            let from = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(c[from..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push((Tok::Punct(ch), line));
            }
            i += 1;
        }
        line += count(start, i, &c);
    }
    out
}

/// The end of a (nested) block comment starting at `i`.
fn skip_block_comment(c: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// The end of a string or character literal opening with `quote` at `i`.
fn skip_quoted(c: &[char], mut i: usize, quote: char) -> usize {
    i += 1;
    while i < c.len() && c[i] != quote {
        i += if c[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br#"…"#`) starting at `i`, if one does.
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) != Some(&'r') || (i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')) {
        return None;
    }
    j += 1;
    let hashes = c[j..].iter().take_while(|&&x| x == '#').count();
    if c.get(j + hashes) != Some(&'"') {
        return None;
    }
    let mut k = j + hashes + 1;
    while k < c.len() {
        if c[k] == '"' && c[k + 1..].iter().take(hashes).filter(|&&x| x == '#').count() == hashes {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(k)
}

/// The tokens without the items under `#[cfg(test)]`, and the names of the modules such an
/// item declares (`#[cfg(test)] mod tests;`: that file is test code too).
fn without_tests(toks: Vec<(Tok, usize)>) -> (Vec<(Tok, usize)>, BTreeSet<String>) {
    let (mut out, mut test_mods, mut i) = (Vec::new(), BTreeSet::new(), 0);
    while i < toks.len() {
        if toks[i].0 == Tok::Punct('#') && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Punct('[')) {
            let end = closing(&toks, i + 1);
            if is_cfg_test(&toks[i + 2..end]) {
                i = end + 1;
                while toks.get(i).map(|t| &t.0) == Some(&Tok::Punct('#')) {
                    i = closing(&toks, i + 1) + 1; // further attributes of the same item
                }
                let item_end = item_end(&toks, i);
                if let Some(name) = declared_file_module(&toks[i..item_end]) {
                    test_mods.insert(name);
                }
                i = item_end;
                continue;
            }
        }
        out.push(toks[i].clone());
        i += 1;
    }
    (out, test_mods)
}

/// The index of the bracket closing the one at `open`.
fn closing(toks: &[(Tok, usize)], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, (t, _)) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    toks.len() - 1
}

/// Whether an attribute's tokens are `cfg(test)` or a `cfg(all(test, …))`: test code only.
fn is_cfg_test(attr: &[(Tok, usize)]) -> bool {
    let ident = |k: usize| match attr.get(k) {
        Some((Tok::Ident(s), _)) => s.as_str(),
        _ => "",
    };
    let has = |name: &str| attr.iter().any(|(t, _)| *t == Tok::Ident(name.into()));
    // `cfg(any(test, …))` and `cfg(not(test))` are compiled outside tests too.
    ident(0) == "cfg" && (ident(2) == "test" || ident(2) == "all") && has("test") && !has("not") && !has("any")
}

/// The end (one past) of the item starting at `i`: its `;` or its closing `}`.
fn item_end(toks: &[(Tok, usize)], i: usize) -> usize {
    let mut depth = 0i32;
    for (k, (t, _)) in toks.iter().enumerate().skip(i) {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            Tok::Punct(';') if depth == 0 => return k + 1,
            _ => {}
        }
    }
    toks.len()
}

/// The name `mod name;` declares (a module in a file of its own), if the item is one.
fn declared_file_module(item: &[(Tok, usize)]) -> Option<String> {
    let at = item.iter().position(|(t, _)| *t == Tok::Ident("mod".into()))?;
    match (item.get(at + 1), item.get(at + 2)) {
        (Some((Tok::Ident(name), _)), Some((Tok::Punct(';'), _))) => Some(name.clone()),
        _ => None,
    }
}

/// One crate's modules: each module path (`""` the root, `"parse::csv"`) with its file.
struct Crate {
    files: BTreeMap<String, PathBuf>,
    /// Per module, the paths its `use` items name, by the name they bring in.
    uses: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Per module, its imports: the absolute path named, the line, and the text written.
    imports: BTreeMap<String, Vec<(Vec<String>, usize, String)>>,
}

/// The module path of a file under a crate's `src` (`lib.rs` the root, `x/mod.rs` `x`).
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The library crate under `src` (its binaries, `main.rs` and `bin/`, left out), without
/// test code and test-only files.
fn read_crate(src: &Path) -> Crate {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    let mut tokens = BTreeMap::new();
    let mut test_only = BTreeSet::new();
    for path in paths {
        let rel = path.strip_prefix(src).unwrap().to_path_buf();
        if rel.starts_with("bin") || rel == Path::new("main.rs") {
            continue;
        }
        let module = module_of(&rel);
        let (toks, tests) = without_tests(tokenize(&fs::read_to_string(&path).unwrap()));
        test_only.extend(tests.into_iter().map(|t| join(&module, &t)));
        tokens.insert(module, (path, toks));
    }
    // A test-only file, and every file under it, is left out.
    tokens.retain(|m, _| !test_only.iter().any(|t| m == t || m.starts_with(&format!("{t}::"))));
    let files: BTreeMap<String, PathBuf> = tokens.iter().map(|(m, (p, _))| (m.clone(), p.clone())).collect();
    let mut krate = Crate { files, uses: BTreeMap::new(), imports: BTreeMap::new() };
    for (module, (_, toks)) in &tokens {
        let (uses, imports) = imports_of(&krate, module, toks);
        krate.uses.insert(module.clone(), uses);
        krate.imports.insert(module.clone(), imports);
    }
    krate
}

fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

type Imports = (BTreeMap<String, Vec<String>>, Vec<(Vec<String>, usize, String)>);

/// A module's `use` items (by the name each brings in) and every path it names.
fn imports_of(krate: &Crate, module: &str, toks: &[(Tok, usize)]) -> Imports {
    let (mut uses, mut imports, mut i) = (BTreeMap::new(), Vec::new(), 0);
    while i < toks.len() {
        let line = toks[i].1;
        if toks[i].0 == Tok::Ident("use".into()) {
            let mut leaves = Vec::new();
            i = use_tree(toks, i + 1, Vec::new(), &mut leaves);
            for (path, alias) in leaves {
                let text = path.join("::");
                if let Some(abs) = absolute(krate, module, &path, true) {
                    if let Some(name) = alias {
                        uses.insert(name, abs.clone());
                    }
                    imports.push((abs, line, format!("use {text}")));
                }
            }
            continue;
        }
        if let Tok::Ident(first) = &toks[i].0 {
            let after_sep = i > 0 && toks[i - 1].0 == Tok::PathSep;
            if matches!(first.as_str(), "crate" | "super" | "self" | ENGINE)
                && !after_sep
                && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::PathSep)
            {
                let mut path = vec![first.clone()];
                i += 1;
                while toks.get(i).map(|t| &t.0) == Some(&Tok::PathSep) {
                    match toks.get(i + 1).map(|t| &t.0) {
                        Some(Tok::Ident(s)) => path.push(s.clone()),
                        _ => break,
                    }
                    i += 2;
                }
                let abs = absolute(krate, module, &path, false).expect("crate, super and self paths resolve");
                imports.push((abs, line, path.join("::")));
                continue;
            }
        }
        i += 1;
    }
    (uses, imports)
}

/// Reads a use tree from `i` under `prefix`, pushing each leaf path (with the name it brings
/// in: `None` for a glob); returns the index after it (its `;`, `,` or `}`).
fn use_tree(toks: &[(Tok, usize)], mut i: usize, mut prefix: Vec<String>, leaves: &mut Vec<(Vec<String>, Option<String>)>) -> usize {
    if toks.get(i).map(|t| &t.0) == Some(&Tok::PathSep) {
        i += 1; // `use ::std::…`
    }
    loop {
        match toks.get(i).map(|t| &t.0) {
            Some(Tok::Ident(s)) if s == "as" => {
                if let Some((Tok::Ident(alias), _)) = toks.get(i + 1) {
                    let last = leaves.len() - 1;
                    leaves[last].1 = Some(alias.clone()).filter(|a| a != "_");
                }
                return i + 2;
            }
            Some(Tok::Ident(s)) => {
                prefix.push(s.clone());
                i += 1;
                if toks.get(i).map(|t| &t.0) == Some(&Tok::PathSep) {
                    i += 1;
                    continue;
                }
                let name = if s == "self" { prefix.len().checked_sub(2).map(|k| prefix[k].clone()) } else { Some(s.clone()) };
                if s == "self" {
                    prefix.pop();
                }
                leaves.push((prefix.clone(), name));
                if toks.get(i).map(|t| &t.0) == Some(&Tok::Ident("as".into())) {
                    continue;
                }
                return i;
            }
            Some(Tok::Punct('*')) => {
                leaves.push((prefix, None));
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                while !matches!(toks.get(i).map(|t| &t.0), Some(Tok::Punct('}')) | None) {
                    i = use_tree(toks, i, prefix.clone(), leaves);
                    if toks.get(i).map(|t| &t.0) == Some(&Tok::Punct(',')) {
                        i += 1;
                    }
                }
                return i + 1;
            }
            _ => return i,
        }
    }
}

/// A path made absolute (from the crate's root), when it is in the crate: `crate::`,
/// `super::`, `self::`, or (in a `use`) a child module of `module`.
fn absolute(krate: &Crate, module: &str, path: &[String], in_use: bool) -> Option<Vec<String>> {
    let here: Vec<String> = if module.is_empty() { Vec::new() } else { module.split("::").map(String::from).collect() };
    let mut k = 0;
    let mut base = match path.first().map(String::as_str) {
        Some("crate") => {
            k = 1;
            Vec::new()
        }
        Some("self") => {
            k = 1;
            here.clone()
        }
        Some("super") => here.clone(),
        Some(first) if in_use && krate.files.contains_key(&join(module, first)) => here.clone(),
        // The engine, from the app: kept as written, and checked against the app's table.
        Some(ENGINE) => return Some(path.to_vec()),
        _ => return None,
    };
    while path.get(k).map(String::as_str) == Some("super") {
        base.pop();
        k += 1;
    }
    base.extend(path[k..].iter().cloned());
    Some(base)
}

/// The module a path goes to: the longest module it names, followed through that module's
/// `use` items (a re-export goes to where the item is).
fn resolve(krate: &Crate, path: &[String], depth: usize) -> String {
    if path.first().map(String::as_str) == Some(ENGINE) {
        return ENGINE.to_string();
    }
    let module = (0..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| krate.files.contains_key(m)).unwrap_or_default();
    let n = if module.is_empty() { 0 } else { module.split("::").count() };
    if let (Some(next), true) = (path.get(n), depth < 8) {
        if let Some(target) = krate.uses.get(&module).and_then(|u| u.get(next)) {
            if target.as_slice() != &path[..=n] {
                let mut further = target.clone();
                further.extend(path[n + 1..].iter().cloned());
                return resolve(krate, &further, depth + 1);
            }
        }
    }
    module
}

/// One import between modules: from, to, the file and line, and the text written.
#[derive(Clone)]
struct Edge {
    from: String,
    to: String,
    /// The module the path names as written (`crate::tiebreak::Tiebreak`: `tiebreak`),
    /// before following re-exports.
    via: String,
    file: PathBuf,
    line: usize,
    text: String,
}

/// Every import of one module to another.
fn edges(krate: &Crate) -> Vec<Edge> {
    let mut out = Vec::new();
    for (from, imports) in &krate.imports {
        for (path, line, text) in imports {
            let to = resolve(krate, path, 0);
            let named = (0..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| krate.files.contains_key(m));
            let via = if path[0] == ENGINE { ENGINE.to_string() } else { named.unwrap_or_default() };
            if &to != from {
                out.push(Edge { from: from.clone(), to, via, file: krate.files[from].clone(), line: *line, text: text.clone() });
            }
        }
    }
    out
}

/// Whether an import touches the crate's root, which declares and re-exports every module.
fn touches_root(a: &str, b: &str) -> bool {
    a.is_empty() || b.is_empty()
}

/// The circles between modules (strongly connected components of two or more), each with
/// the imports inside it; edges to or from the crate's root not counted.
fn circles(krate: &Crate) -> Vec<(Vec<String>, Vec<String>)> {
    let edges: Vec<Edge> = edges(krate).into_iter().filter(|e| !touches_root(&e.from, &e.to)).collect();
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for e in &edges {
        next.entry(&e.from).or_default().insert(&e.to);
    }
    let reach = |start: &str| {
        let (mut seen, mut stack) = (BTreeSet::new(), vec![start.to_string()]);
        while let Some(m) = stack.pop() {
            for &n in next.get(m.as_str()).into_iter().flatten() {
                if seen.insert(n.to_string()) {
                    stack.push(n.to_string());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&str, BTreeSet<String>> = krate.files.keys().map(|m| (m.as_str(), reach(m))).collect();
    let mut out: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for m in krate.files.keys() {
        let comp: Vec<String> =
            krate.files.keys().filter(|o| reached[m.as_str()].contains(*o) && reached[o.as_str()].contains(m)).cloned().collect();
        if comp.len() > 1 && comp[0] == *m {
            let mut seen = BTreeSet::new();
            // One line per import written (a `use` of several items from one module is one).
            let inside = edges.iter().filter(|e| comp.contains(&e.from) && comp.contains(&e.to) && seen.insert((&e.from, &e.to, e.line)));
            let lines = inside.map(|e| format!("{} -> {}   ({}:{}: {})", e.from, e.to, e.file.display(), e.line, e.text)).collect();
            out.push((comp, lines));
        }
    }
    out
}

fn report(circles: &[(Vec<String>, Vec<String>)]) -> String {
    circles.iter().map(|(comp, lines)| format!("circle {comp:?}:\n    {}", lines.join("\n    "))).collect::<Vec<_>>().join("\n")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The table under `heading` in ARCHITECTURE.md ("## The engine's layers", "## The app's
/// layers"): per module (bottom → top) what it may import.
fn layer_table(heading: &str) -> Vec<(String, BTreeSet<String>)> {
    let doc = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = doc.split(&format!("\n{heading}\n")).nth(1).unwrap_or_else(|| panic!("ARCHITECTURE.md has a section \"{heading}\""));
    let section = section.split("\n## ").next().unwrap();
    let ticked = |cell: &str| -> Vec<String> { cell.split('`').skip(1).step_by(2).map(|s| s.trim().to_string()).collect() };
    let mut rows = Vec::new();
    for line in section.lines().map(str::trim).filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
        let name = ticked(cells[0]);
        if name.len() != 1 || cells.len() < 3 {
            continue; // the header and the separator
        }
        rows.push((name[0].clone(), ticked(cells[1]).into_iter().collect()));
    }
    rows
}

/// Everything in `krate` (`whose`: "the engine's", "the app's") that breaks the layer `table`
/// (rows bottom → top, each with what it may import), each naming the file and line, the
/// import, and the row. A row `ratings_engine` is the engine crate, as the app names it.
fn layer_problems(krate: &Crate, table: &[(String, BTreeSet<String>)], whose: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let top = |m: &str| m.split("::").next().unwrap().to_string();
    let tops: BTreeSet<String> = krate.files.keys().filter(|m| !m.is_empty()).map(|m| top(m)).collect();
    let rows: BTreeSet<String> = table.iter().map(|(m, _)| m.clone()).filter(|m| m != ENGINE).collect();
    for missing in tops.difference(&rows) {
        problems.push(format!("{whose} module `{missing}` has no row in ARCHITECTURE.md's table of {whose} layers"));
    }
    for extra in rows.difference(&tops) {
        problems.push(format!("ARCHITECTURE.md's table of {whose} layers has a row `{extra}`, which is no module of it"));
    }
    for (k, (module, allowed)) in table.iter().enumerate() {
        for a in allowed.iter().filter(|a| !table[..k].iter().any(|(m, _)| m == *a)) {
            problems.push(format!("the row of `{module}` allows `{a}`, which is not a row below it (before it in the table)"));
        }
    }
    // Both the module a path names and the one holding the item: `crate::team::TeamTiebreak`
    // (re-exported from `codes`) needs `team` and `codes` allowed.
    // The engine's items reached through the app's door (`core::engine`) are the door's
    // business: only a path that names `ratings_engine` itself crosses into the engine.
    let crossings = edges(krate).into_iter().flat_map(|e| [(e.to.clone(), e.clone()), (e.via.clone(), e)]);
    let crossings = crossings.filter(|(t, e)| t != ENGINE || e.via == ENGINE);
    for (target, e) in crossings.filter(|(t, e)| !e.from.is_empty() && !t.is_empty() && top(&e.from) != top(t)) {
        let (from, to) = (top(&e.from), top(&target));
        let Some((_, allowed)) = table.iter().find(|(m, _)| *m == from) else { continue };
        let at = format!("{}:{}: `{}` goes to `{to}`", e.file.strip_prefix(root()).unwrap_or(&e.file).display(), e.line, e.text);
        if !allowed.contains(&to) && !problems.iter().any(|p| p.starts_with(&at)) {
            let list = allowed.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
            let list = if list.is_empty() { "nothing".to_string() } else { list };
            problems.push(format!("{at}, which the row of `{from}` (may import: {list}) does not allow"));
        }
    }
    problems
}

#[test]
fn engine_imports_follow_the_layer_table() {
    let problems = layer_problems(&read_crate(&root().join("engine/src")), &layer_table("## The engine's layers"), "the engine's");
    assert!(problems.is_empty(), "the engine's layers (ARCHITECTURE.md, \"## The engine's layers\"):\n{}", problems.join("\n"));
}

#[test]
fn app_imports_follow_the_layer_table() {
    let problems = layer_problems(&read_crate(&root().join("src")), &layer_table("## The app's layers"), "the app's");
    assert!(problems.is_empty(), "the app's layers (ARCHITECTURE.md, \"## The app's layers\"):\n{}", problems.join("\n"));
}

/// The app's door: a component naming the engine, in a `use` or inline, is named with its file
/// and line; the same through `core` is not.
#[test]
fn a_component_importing_the_engine_is_named() {
    let files = ["", "core", "core::engine", "components", "components::table"].map(|m| (m.to_string(), PathBuf::from(format!("{m}.rs"))));
    let src = [
        ("core::engine", "pub use ratings_engine::tiebreak::Tiebreak;"),
        (
            "components::table",
            "use crate::core::engine::tiebreak::Tiebreak;\nuse ratings_engine::MethodKind;\nfn f() { ratings_engine::sort::by(); }",
        ),
    ];
    let mut krate = Crate { files: files.into_iter().collect(), uses: BTreeMap::new(), imports: BTreeMap::new() };
    for (module, text) in src {
        let (uses, imports) = imports_of(&krate, module, &tokenize(text));
        krate.uses.insert(module.to_string(), uses);
        krate.imports.insert(module.to_string(), imports);
    }
    let row = |m: &str, may: &[&str]| (m.to_string(), may.iter().map(|s| s.to_string()).collect::<BTreeSet<String>>());
    let table = [row(ENGINE, &[]), row("core", &[ENGINE]), row("components", &["core"])];
    let problems = layer_problems(&krate, &table, "the app's");
    assert_eq!(
        problems,
        [
            "components::table.rs:2: `use ratings_engine::MethodKind` goes to `ratings_engine`, which the row of `components` (may import: `core`) does not allow",
            "components::table.rs:3: `ratings_engine::sort::by` goes to `ratings_engine`, which the row of `components` (may import: `core`) does not allow",
        ]
    );
}

#[test]
fn an_import_up_the_layers_is_named_with_its_file_and_row() {
    let files = ["", "low", "high", "high::part"].map(|m| (m.to_string(), PathBuf::from(format!("{m}.rs"))));
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    let imports = [
        ("low".to_string(), vec![(path("high::part::f"), 7, "use crate::high::part::f".to_string())]),
        ("high::part".to_string(), vec![(path("low::g"), 3, "crate::low::g".to_string())]),
    ];
    let krate = Crate { files: files.into_iter().collect(), uses: BTreeMap::new(), imports: imports.into_iter().collect() };
    let table = [("low".to_string(), BTreeSet::new()), ("high".to_string(), BTreeSet::from(["low".to_string()]))];
    let problems = layer_problems(&krate, &table, "the engine's");
    assert_eq!(
        problems,
        ["low.rs:7: `use crate::high::part::f` goes to `high`, which the row of `low` (may import: nothing) does not allow"]
    );
    let unlisted = layer_problems(&krate, &table[1..], "the engine's");
    assert!(
        unlisted.iter().any(|p| p.contains("`low` has no row")) && unlisted.iter().any(|p| p.contains("not a row below it")),
        "{unlisted:?}"
    );
}

#[test]
fn engine_modules_form_no_circle() {
    let found = circles(&read_crate(&root().join("engine/src")));
    assert!(found.is_empty(), "the engine's modules import in circles:\n{}", report(&found));
}

#[test]
fn app_modules_form_no_circle() {
    for bin in ["src/main.rs", "src/bin/worker.rs", "src/bin/lab_worker.rs", "src/bin/desk_worker.rs"] {
        let toks = tokenize(&fs::read_to_string(root().join(bin)).unwrap());
        let declares = toks.windows(2).any(|w| w[0].0 == Tok::Ident("mod".into()) && matches!(w[1].0, Tok::Ident(_)));
        assert!(!declares, "{bin} declares a module: the binaries hold none, their code is the library's (src/lib.rs)");
    }
    let found = circles(&read_crate(&root().join("src")));
    assert!(found.is_empty(), "the app's modules import in circles:\n{}", report(&found));
}

#[test]
fn the_tokenizer_reads_use_trees_and_skips_test_code() {
    let src = r##"
        //! crate::nowhere in a doc
        use crate::{a::{b, c as d}, e};
        use super::f::*;
        fn g() { let s = "crate::h"; let r = r#"crate::i"#; let c = '"'; crate::j::k(); }
        fn l<'a>(x: &'a str) -> &'a str { self::m::n(x) }
        #[cfg(test)]
        mod tests { use crate::o; }
        #[cfg(test)]
        mod more;
    "##;
    let (toks, tests) = without_tests(tokenize(src));
    let files = ["", "a", "a::b", "a::c", "e", "x", "x::y", "x::f", "j", "x::y::m"].map(|m| (m.to_string(), PathBuf::new()));
    let krate = Crate { files: files.into_iter().collect(), uses: BTreeMap::new(), imports: BTreeMap::new() };
    let (uses, imports) = imports_of(&krate, "x::y", &toks);
    let paths: Vec<String> = imports.iter().map(|(p, _, _)| p.join("::")).collect();
    assert_eq!(paths, ["a::b", "a::c", "e", "x::f", "j::k", "x::y::m::n"]);
    assert_eq!(uses["d"], ["a", "c"]);
    assert_eq!(tests, BTreeSet::from(["more".to_string()]));
}

/// A made-up crate of `modules`, with each module's `use` items (name, path) and imports (path,
/// line, text written).
fn made_up(modules: &[&str], uses: &[(&str, &str, &str)], imports: &[(&str, &str, usize, &str)]) -> Crate {
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    let mut krate = Crate {
        files: modules.iter().map(|m| (m.to_string(), PathBuf::from(format!("{m}.rs")))).collect(),
        uses: BTreeMap::new(),
        imports: BTreeMap::new(),
    };
    for (module, name, to) in uses {
        krate.uses.entry(module.to_string()).or_default().insert(name.to_string(), path(to));
    }
    for (module, to, line, text) in imports {
        krate.imports.entry(module.to_string()).or_default().push((path(to), *line, text.to_string()));
    }
    krate
}

#[test]
fn a_parent_and_a_child_importing_each_other_are_a_circle_and_a_parent_re_exporting_is_none() {
    // Two modules apart importing each other; and a parent re-exporting a child's item while
    // the child uses one the parent defines: each a circle, named with its imports.
    let imports = [
        ("a::x", "b::g", 2, "use crate::b::g"),
        ("b", "a::x::f", 4, "crate::a::x::f"),
        ("c", "b::g", 5, "use crate::b::g"),
        ("p", "p::c::f", 1, "pub use c::f"),
        ("p::c", "p::h", 3, "super::h"),
    ];
    let krate = made_up(&["", "a", "a::x", "b", "c", "p", "p::c"], &[("p", "f", "p::c::f")], &imports);
    let found = circles(&krate);
    assert_eq!(found.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), [vec!["a::x", "b"], vec!["p", "p::c"]], "{}", report(&found));
    assert!(found[0].1[0].contains("a::x -> b   (a::x.rs:2: use crate::b::g)"), "{}", report(&found));
    assert_eq!(found[1].1, ["p -> p::c   (p.rs:1: pub use c::f)", "p::c -> p   (p::c.rs:3: super::h)"]);

    // A parent that only re-exports its children, the children importing each other's items
    // (through the parent's re-export too); a parent whose children import what it defines
    // while it imports nothing of theirs; the crate's root and a module importing each other
    // (the root declares and re-exports everything): no circle.
    let uses = [("p", "f", "p::c::f"), ("p", "g", "p::d::g")];
    let imports = [
        ("p", "p::c::f", 1, "pub use c::f"),
        ("p", "p::d::g", 2, "pub use d::g"),
        ("p::c", "p::d::g", 3, "use super::d::g"),
        ("p::c", "p::g", 4, "use super::g"),
        ("q::c", "q::h", 5, "super::h"),
        ("", "r::f", 6, "pub use r::f"),
        ("r", "K", 7, "crate::K"),
    ];
    let krate = made_up(&["", "p", "p::c", "p::d", "q", "q::c", "r"], &uses, &imports);
    let found = circles(&krate);
    assert!(found.is_empty(), "{}", report(&found));
}

/// The standard library's sorts that take a comparison or a key: each call site compiles its
/// own copy of the whole sort, so the engine and the app call `ratings_engine::sort` instead
/// (issue 24).
const CLOSURE_SORTS: [&str; 7] = [
    "sort_by",
    "sort_by_key",
    "sort_by_cached_key",
    "sort_unstable_by",
    "sort_unstable_by_key",
    "select_nth_unstable_by",
    "select_nth_unstable_by_key",
];

/// The lines of `toks` that call one of [`CLOSURE_SORTS`] as a method, with its name.
fn closure_sorts(toks: &[(Tok, usize)]) -> Vec<(usize, String)> {
    toks.windows(3)
        .filter(|w| w[0].0 == Tok::Punct('.') && w[2].0 == Tok::Punct('('))
        .filter_map(|w| match &w[1].0 {
            Tok::Ident(name) if CLOSURE_SORTS.contains(&name.as_str()) => Some((w[1].1, name.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn the_engine_and_the_app_sort_through_the_engines_sort_module() {
    // `pairs.rs` sorts a million-game file's games, its only sort of that element type: the
    // standard sort called directly is as small there and faster.
    let allowed = [root().join("engine/src/sort.rs"), root().join("engine/src/pairs.rs")];
    let mut found = Vec::new();
    for dir in ["engine/src", "src"] {
        let mut paths = Vec::new();
        rust_files(&root().join(dir), &mut paths);
        for path in paths.into_iter().filter(|p| !allowed.contains(p) && !p.ends_with("tests.rs")) {
            let (toks, _) = without_tests(tokenize(&fs::read_to_string(&path).unwrap()));
            let rel = path.strip_prefix(root()).unwrap().display().to_string();
            found.extend(closure_sorts(&toks).into_iter().map(|(line, name)| format!("{rel}:{line}: .{name}(")));
        }
    }
    assert!(
        found.is_empty(),
        "these call the standard sort with a closure (a copy of the sort each in the wasm): call \
         ratings_engine::sort's function of the same name instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_closure_sort_is_found_but_not_in_a_comment_a_string_or_test_code() {
    let src = "fn f(v: &mut Vec<u32>) {\n    v.sort_by_key(|x| *x); // v.sort_by(\n    let _ = \"v.sort_by(\";\n    v.sort();\n}\n\
               #[cfg(test)]\nmod tests { fn g(v: &mut [u8]) { v.sort_by(|a, b| a.cmp(b)); } }\n";
    let (toks, _) = without_tests(tokenize(src));
    assert_eq!(closure_sorts(&toks), [(2, "sort_by_key".to_string())]);
}
