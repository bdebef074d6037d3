//! Model: a unit symbol in the manner of APP-6 / MIL-STD-2525 — a frame by
//! affiliation, the function icons inside it, the echelon mark over it —
//! and the names data uses for each part.

/// Whose unit it is, which sets the frame's shape and fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Affiliation {
    /// A rectangle, light blue.
    Friend,
    /// A diamond, red.
    Hostile,
    /// A square, green.
    Neutral,
    /// A quatrefoil, yellow.
    Unknown,
}

/// What a unit does: the icons drawn inside the frame (several combine,
/// `armour+reconnaissance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    Infantry,
    Armour,
    /// Armoured infantry: the infantry cross and the armour track.
    Mechanised,
    /// Cavalry and reconnaissance: one diagonal.
    Reconnaissance,
    Artillery,
    AntiTank,
    AirDefence,
    Engineer,
    /// The staff down from the frame's lower left corner.
    Headquarters,
    Supply,
}

/// The size of the unit, marked over the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Echelon {
    Team,
    Squad,
    Section,
    Platoon,
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
    Corps,
    Army,
}

/// A whole unit symbol.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSymbol {
    pub affiliation: Affiliation,
    pub functions: Vec<Function>,
    pub echelon: Option<Echelon>,
}

impl Function {
    /// The names data writes, in the order `explain` and hints list them.
    pub const NAMES: &'static [&'static str] = &[
        "infantry",
        "armour",
        "mechanised",
        "reconnaissance",
        "cavalry",
        "artillery",
        "anti-tank",
        "air-defence",
        "engineer",
        "headquarters",
        "supply",
    ];

    /// A function by its name, British or American spelling.
    pub fn named(name: &str) -> Option<Function> {
        Some(match name.trim().to_ascii_lowercase().as_str() {
            "infantry" => Function::Infantry,
            "armour" | "armor" | "tank" => Function::Armour,
            "mechanised" | "mechanized" => Function::Mechanised,
            "reconnaissance" | "recon" | "cavalry" => Function::Reconnaissance,
            "artillery" => Function::Artillery,
            "anti-tank" | "antitank" | "anti-armour" | "anti-armor" => Function::AntiTank,
            "air-defence" | "air-defense" => Function::AirDefence,
            "engineer" | "engineers" => Function::Engineer,
            "headquarters" | "hq" => Function::Headquarters,
            "supply" => Function::Supply,
            _ => return None,
        })
    }

    /// The functions of a `+`-joined list (`armour+reconnaissance`), or why
    /// it is none: more than [`MAX_FUNCTIONS`] (counted before any is
    /// read), or the first name that is not a function.
    pub fn list(names: &str) -> Result<Vec<Function>, FunctionsError<'_>> {
        let count = names.split('+').count();
        if count > MAX_FUNCTIONS {
            return Err(FunctionsError::TooMany(count));
        }
        names
            .split('+')
            .map(|n| Function::named(n).ok_or(FunctionsError::Unknown(n.trim())))
            .collect()
    }
}

/// The most functions one symbol shows: APP-6 combines two or three (an
/// armoured reconnaissance HQ); more would not fit inside the frame.
pub const MAX_FUNCTIONS: usize = 4;

/// Why a `+`-joined list of functions is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionsError<'a> {
    /// More than [`MAX_FUNCTIONS`] names.
    TooMany(usize),
    /// A name that is not a function.
    Unknown(&'a str),
}

impl Echelon {
    pub const NAMES: &'static [&'static str] = &[
        "team",
        "squad",
        "section",
        "platoon",
        "company",
        "battalion",
        "regiment",
        "brigade",
        "division",
        "corps",
        "army",
    ];

    pub fn named(name: &str) -> Option<Echelon> {
        let at = Echelon::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))?;
        Some(Echelon::ALL[at])
    }

    const ALL: [Echelon; 11] = [
        Echelon::Team,
        Echelon::Squad,
        Echelon::Section,
        Echelon::Platoon,
        Echelon::Company,
        Echelon::Battalion,
        Echelon::Regiment,
        Echelon::Brigade,
        Echelon::Division,
        Echelon::Corps,
        Echelon::Army,
    ];

    /// What is marked over the frame: dots, bars or crosses, and how many.
    pub fn mark(self) -> (EchelonMark, usize) {
        use EchelonMark::*;
        match self {
            Echelon::Team => (Slashed, 1),
            Echelon::Squad => (Dot, 1),
            Echelon::Section => (Dot, 2),
            Echelon::Platoon => (Dot, 3),
            Echelon::Company => (Bar, 1),
            Echelon::Battalion => (Bar, 2),
            Echelon::Regiment => (Bar, 3),
            Echelon::Brigade => (Cross, 1),
            Echelon::Division => (Cross, 2),
            Echelon::Corps => (Cross, 3),
            Echelon::Army => (Cross, 4),
        }
    }
}

/// The shapes echelon marks are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EchelonMark {
    /// A circle with a slash (a team).
    Slashed,
    Dot,
    Bar,
    Cross,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_read_and_others_are_not() {
        for name in Function::NAMES {
            assert!(Function::named(name).is_some(), "{name}");
        }
        for name in Echelon::NAMES {
            assert!(Echelon::named(name).is_some(), "{name}");
        }
        assert_eq!(Function::named("wizard"), None);
        assert_eq!(Echelon::named("legion"), None);
        assert_eq!(
            Function::list("armour + recon"),
            Ok(vec![Function::Armour, Function::Reconnaissance])
        );
        assert_eq!(
            Function::list("infantry+wizard"),
            Err(FunctionsError::Unknown("wizard"))
        );
        assert_eq!(
            Function::list("hq+hq+hq+hq+hq"),
            Err(FunctionsError::TooMany(5))
        );
        assert_eq!(Function::list("hq+hq+hq+hq").map(|f| f.len()), Ok(4));
    }

    #[test]
    fn echelons_rise_in_order_and_their_marks_with_them() {
        let marks: Vec<_> = Echelon::NAMES
            .iter()
            .filter_map(|n| Echelon::named(n))
            .collect();
        assert!(marks.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Echelon::Division.mark(), (EchelonMark::Cross, 2));
        assert_eq!(Echelon::Battalion.mark(), (EchelonMark::Bar, 2));
    }
}
