//! The app's one door to the engine: every engine item the page, the charts and the workers
//! use, named once, at the path the engine gives it (`engine::desk::Action` is
//! `ratings_engine::desk::Action`). Outside `src/core/` no file names `ratings_engine`
//! (invariant, checked by `tests/layers.rs`): a new use of the engine is a line here, seen in
//! review, and what the app depends on can be read in one screen.
//!
//! Most items are the engine's vocabulary (the method, the variant, a tiebreak, a colour),
//! which the page shows and sends back as they are. The modules re-exported whole
//! (`desk::view`, `methods::race`, `methods::registry`, `methods::working`) are the engine's
//! own plain view types, made for a page to draw.

pub use ratings_engine::{start, Dataset, Fits, Measures, Method, MethodKind, MethodVariant, Quantity, ScaleKind, Variant};
pub mod compare {
    pub mod export {
        pub use ratings_engine::compare::export::labels;
    }
}
pub mod desk {
    pub use ratings_engine::desk::{apply, explain, view, Action, ByeKind, DeskError, DeskView, Details, Level, NewPlayer, Outcome};
    pub mod correction {
        pub use ratings_engine::desk::correction::for_rating;
    }
    pub mod dates {
        pub use ratings_engine::desk::dates::when;
    }
    pub mod export {
        pub use ratings_engine::desk::export::{export, export_final, TrfVersion};
    }
    pub mod from_list {
        pub use ratings_engine::desk::from_list::listed_file;
    }
    pub mod import {
        pub use ratings_engine::desk::import::{check, ImportReport};
    }
    pub mod late {
        pub use ratings_engine::desk::late::RENUMBER_UNTIL;
    }
    pub mod paper {
        pub use ratings_engine::desk::paper::{alphabetical, start_list, Seat};
    }
    pub mod register {
        pub use ratings_engine::desk::register::{new_file, parse_players, Details, Pab, Points};
    }
    pub mod system {
        pub use ratings_engine::desk::system::System;
    }
}
pub mod error {
    pub use ratings_engine::error::ParseErrors;
}
pub mod escape {
    pub use ratings_engine::escape::csv_text;
}
pub mod evaluation {
    pub use ratings_engine::evaluation::{
        events_only, tune, Baseline, BaselineScores, Bin, BlockFit, Edge, Evaluation, EvaluationRun, Parameter, Tuning, DEFAULT_HOLDOUT,
    };
    pub mod printed {
        pub use ratings_engine::evaluation::printed::with_se;
    }
    pub mod run {
        pub use ratings_engine::evaluation::run::{estimate_text, fewer_blocks, progress_now_text, Items};
    }
    pub mod baseline {
        pub use ratings_engine::evaluation::baseline::SUGGESTED_ROLLING;
    }
    pub mod simulate {
        pub use ratings_engine::evaluation::simulate::{Schedule, Setup, Simulation, SimulationRun, Summary};
    }
}
pub mod fide {
    pub use ratings_engine::fide::Options;
    pub mod report {
        pub use ratings_engine::fide::report::{report, text, Player};
    }
}
pub mod job {
    pub use ratings_engine::job::{Finished, Job, JobReader, Running, Settings, STEP_LIMIT, STEP_PLAYERS};
}
pub mod methods {
    pub use ratings_engine::methods::{race, registry, start_brent, working, Method, Options, Params, Starter};
    pub mod brent {
        pub use ratings_engine::methods::brent::Variant;
    }
    pub mod cost {
        pub use ratings_engine::methods::cost::{dated, Runtime};
    }
    pub mod fit {
        pub use ratings_engine::methods::fit::Partway;
    }
    pub mod rating {
        pub use ratings_engine::methods::periods::PeriodBasis;
        pub use ratings_engine::methods::rating::{GameOrder, HistoryPoint, IterationRecord, MethodVariant, ParameterFit, StopReason};
    }
}
pub mod model {
    pub use ratings_engine::model::day_number;
}
pub mod parse {
    pub mod decode {
        pub use ratings_engine::parse::decode::{decode, not_text};
    }
    pub mod detect {
        pub use ratings_engine::parse::detect::{detect, read_csv_games, read_games, Format, ReadOptions};
    }
    pub mod rating_list {
        pub use ratings_engine::parse::rating_list::{ListFormat, ListPlayer, ListReader, RatingList, RatingType};
    }
    pub mod trf {
        pub use ratings_engine::parse::trf::with_ranks;
    }
}
pub mod sort {
    pub use ratings_engine::sort::{by, by_cached_key, by_key};
}
pub mod team {
    pub use ratings_engine::team::{TeamScore, TeamTiebreak};
}
pub mod text {
    pub use ratings_engine::text::count;
}
pub mod tiebreak {
    pub use ratings_engine::tiebreak::{all_codes, Rules, Tiebreak};
    pub mod crosstable {
        pub use ratings_engine::tiebreak::crosstable::points;
    }
    pub mod prizes {
        pub use ratings_engine::tiebreak::prizes::{award, money, parse_table, Award, PrizeList, Sharing};
    }
}
pub mod tournament {
    pub use ratings_engine::tournament::{Colour, DeclaredUse, Mode, RankingMethod, RoundResult, Sex, Title};
}
