//! Shared by the tests that read game data back beside an output: a TOML
//! file as an owned value, its tables' keys in the file's order.

use std::path::Path;

/// A TOML value, owned, its tables' keys in the file's order.
#[derive(Clone, Debug)]
pub enum Toml {
    Str(String),
    Int(i64),
    Array(Vec<Toml>),
    Table(Vec<(String, Toml)>),
    Other,
}

impl Toml {
    pub fn of(v: &toml::de::DeValue<'_>) -> Toml {
        use toml::de::DeValue;
        match v {
            DeValue::String(s) => Toml::Str(s.to_string()),
            DeValue::Integer(i) => {
                i64::from_str_radix(i.as_str(), i.radix()).map_or(Toml::Other, Toml::Int)
            }
            DeValue::Array(a) => Toml::Array(a.iter().map(|x| Toml::of(x.get_ref())).collect()),
            DeValue::Table(t) => Toml::table(t),
            _ => Toml::Other,
        }
    }

    pub fn table(t: &toml::de::DeTable<'_>) -> Toml {
        Toml::Table(
            t.iter()
                .map(|(k, v)| (k.get_ref().to_string(), Toml::of(v.get_ref())))
                .collect(),
        )
    }

    pub fn get(&self, key: &str) -> Option<&Toml> {
        match self {
            Toml::Table(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Toml::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Toml::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub fn array(&self) -> &[Toml] {
        match self {
            Toml::Array(a) => a,
            _ => &[],
        }
    }

    pub fn keys(&self) -> Vec<&str> {
        self.entries().iter().map(|(k, _)| k.as_str()).collect()
    }

    pub fn entries(&self) -> &[(String, Toml)] {
        match self {
            Toml::Table(entries) => entries,
            _ => &[],
        }
    }
}

pub fn read(path: &Path) -> Toml {
    let text = std::fs::read_to_string(path).expect("read TOML");
    let table =
        toml::de::DeTable::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Toml::table(table.get_ref())
}

pub fn str_of<'a>(t: &'a Toml, key: &str) -> &'a str {
    t.get(key)
        .and_then(Toml::as_str)
        .unwrap_or_else(|| panic!("no string {key} in {t:?}"))
}

pub fn tables<'a>(t: &'a Toml, key: &str) -> Vec<&'a Toml> {
    t.get(key)
        .map(|a| {
            a.array()
                .iter()
                .filter(|x| matches!(x, Toml::Table(_)))
                .collect()
        })
        .unwrap_or_default()
}
