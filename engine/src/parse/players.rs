//! Player lists: `name[,rating][,weight][,sigma][,date][,id][,season]`: old ratings and ids.
//! A row with a `season` gives the rating the player starts that season with (Elo's seasons:
//! instead of the reversion toward the mean).
//!
//! `rating` is on the scale of the method that reads it (Brent: the display scale, converted
//! by the caller into a log-strength; Elo: the starting rating; AGA: the dan/kyu scale, with
//! `sigma` and the `date` it was computed); `weight` is how many games it is worth (Brent §6).
//! When the games name players by id (AGA pins, FIDE ids), a list with both `id` and `name`
//! columns gives them their names.

use super::columns::normalise_header;
use super::records::{records, sniff_delimiter};
use super::result::parse_number;
use crate::error::{ParseError, ParseErrors};
use crate::model::{Dataset, Listed, Prior};

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    pub line: usize,
    pub name: String,
    pub rating: Option<f64>,
    pub weight: Option<f64>,
    pub sigma: Option<f64>,
    pub date: Option<String>,
    pub id: Option<String>,
    pub season: Option<String>,
}

const NAME: &[&str] = &["name", "player", "team"];
const RATING: &[&str] = &["rating", "elo", "prior", "oldrating", "r"];
const WEIGHT: &[&str] = &["weight", "games", "priorgames", "priorweight", "w"];
const ID: &[&str] = &["id", "fideid", "code", "number", "pin", "pinplayer"];
const SIGMA: &[&str] = &["sigma", "sd", "rd", "deviation"];
const DATE: &[&str] = &["date", "rated", "lastrated", "elabdate", "ratingdate"];
const SEASON: &[&str] = &["season", "year"];

pub fn parse_players(text: &str) -> Result<Vec<PlayerRecord>, ParseErrors> {
    let (recs, mut errors) = records(text, sniff_delimiter(text));
    let mut recs = recs.into_iter();
    let header = recs.next().ok_or_else(|| ParseErrors(vec![ParseError::Empty]))?;
    let find = |names: &[&str]| header.fields.iter().position(|h| names.contains(&normalise_header(h).as_str()));
    let Some(name_col) = find(NAME) else {
        return Err(ParseErrors(vec![ParseError::MissingColumn {
            line: header.line,
            role: "the player's name".into(),
            key: "name".into(),
            aliases: "name, player or team".into(),
            found: header.fields.iter().map(|h| format!("'{}'", h.trim())).collect::<Vec<_>>().join(", "),
        }]));
    };
    let (rating_col, weight_col, id_col) = (find(RATING), find(WEIGHT), find(ID));
    let (sigma_col, date_col, season_col) = (find(SIGMA), find(DATE), find(SEASON));
    let mut out = Vec::new();
    for rec in recs {
        let get = |c: Option<usize>| c.and_then(|c| rec.fields.get(c)).map(|s| s.trim()).filter(|s| !s.is_empty());
        let bad = |c: usize, expected: &str, found: &str| ParseError::BadField {
            line: rec.line,
            column: header.fields[c].trim().into(),
            expected: expected.into(),
            found: found.into(),
        };
        let Some(name) = get(Some(name_col)) else {
            errors.push(bad(name_col, "a player's name", ""));
            continue;
        };
        let rating = match get(rating_col) {
            None => None,
            Some(v) => match v.parse::<f64>() {
                Ok(x) if x.is_finite() => Some(x),
                _ => {
                    errors.push(bad(rating_col.unwrap_or(0), "a rating (a number)", v));
                    continue;
                }
            },
        };
        let weight = match get(weight_col) {
            None => None,
            Some(v) => match parse_number(v) {
                Some(x) => Some(x),
                None => {
                    errors.push(bad(weight_col.unwrap_or(0), "the number of games the rating is worth (0 or more)", v));
                    continue;
                }
            },
        };
        let sigma = match get(sigma_col) {
            None => None,
            Some(v) => match parse_number(v) {
                Some(x) if x > 0.0 => Some(x),
                _ => {
                    errors.push(bad(sigma_col.unwrap_or(0), "a standard deviation (a number above 0)", v));
                    continue;
                }
            },
        };
        // Dates such as 0000-00-00 mean "unknown".
        let date = get(date_col).filter(|d| !d.starts_with("0000")).map(String::from);
        let (id, season) = (get(id_col).map(String::from), get(season_col).map(String::from));
        out.push(PlayerRecord { line: rec.line, name: name.into(), rating, weight, sigma, date, id, season });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ParseErrors(errors))
    }
}

/// Adds the listed players to `dataset` (players without games are kept: the diagnosis
/// reports them) and sets their priors. `to_log_strength` converts a listed rating;
/// `default_weight` is used where no weight is given.
pub fn apply_players(dataset: &mut Dataset, list: &[PlayerRecord], to_log_strength: impl Fn(f64) -> f64, default_weight: f64) {
    for rec in list {
        // Games that name players by id: the list gives them their names.
        let by_id = rec.id.as_deref().and_then(|id| dataset.find(id));
        let p = match by_id {
            Some(p) => {
                dataset.rename(p, &rec.name);
                p
            }
            None => match dataset.player(&rec.name) {
                Some(p) => p,
                None => continue,
            },
        };
        if let Some(id) = &rec.id {
            dataset.players[p].set_id(Some(id.clone()));
        }
        if let (Some(season), Some(r)) = (&rec.season, rec.rating) {
            dataset.players[p].add_season_rating(season.clone(), r);
            continue;
        }
        if let Some(r) = rec.rating {
            dataset.players[p].set_listed(Some(Listed { rating: r, sigma: rec.sigma, date: rec.date.clone() }));
        }
        if let Some(r) = rec.rating {
            let weight = rec.weight.unwrap_or(default_weight);
            if weight > 0.0 {
                dataset.players[p].set_prior(Some(Prior { log_strength: to_log_strength(r), weight }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_ratings_weights_ids() {
        let list = parse_players("Name,Elo,Games,FIDE id\nAnna,1800,10,123\nBen,,,\n").unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].rating, Some(1800.0));
        assert_eq!(list[0].weight, Some(10.0));
        assert_eq!(list[0].id.as_deref(), Some("123"));
        assert_eq!(list[1].rating, None);
        let mut d = Dataset::new();
        apply_players(&mut d, &list, |r| r / 100.0, 1.0);
        assert_eq!(d.players[0].prior(), Some(&Prior { log_strength: 18.0, weight: 10.0 }));
        assert_eq!(d.players[0].listed(), Some(&Listed { rating: 1800.0, sigma: None, date: None }));
        assert_eq!(d.players[1].prior(), None);
    }

    #[test]
    fn ids_in_the_games_get_the_listed_names_and_sigmas() {
        let mut d = Dataset::new();
        d.add_game("44576", "7762", 1.0);
        let list = parse_players(
            "Pin_Player,Name,Rating,Sigma,Elab_Date\n44576,KENT KNOKE,1.65,0.51,0000-00-00\n7762,CASEY PILGER,-2.75,0.27,2001-05-02\n",
        )
        .unwrap();
        apply_players(&mut d, &list, |r| r, 1.0);
        assert_eq!(d.players[0].name, "KENT KNOKE");
        assert_eq!(d.players[0].id(), Some("44576"));
        assert_eq!(d.players[1].listed(), Some(&Listed { rating: -2.75, sigma: Some(0.27), date: Some("2001-05-02".into()) }));
        assert_eq!(d.find("casey pilger"), Some(1));
    }

    #[test]
    fn bad_values_name_line_and_column() {
        let e = parse_players("name,rating,weight\nA,x,1\nB,1500,-2\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 'rating': expected a rating (a number), found 'x'\n\
             line 3, column 'weight': expected the number of games the rating is worth (0 or more), found '-2'"
        );
        assert!(parse_players("rating\n1\n").unwrap_err().to_string().contains("name, player or team"));
    }
}
