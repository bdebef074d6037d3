//! Load stage, declarations: each kind of TOML table (game.toml, a deck, a
//! field, a chart block...) is declared once with [`table!`] — its keys, the
//! type of each, which are required, what each means. Input: the
//! declarations; output: the [`Def`]s that the readers check keys against,
//! the typed [`Key`]s they read values through (required-ness and type come
//! from the declaration, so a reader cannot disagree with it), and what
//! `schema` turns into the JSON Schemas and the key tables of the docs.

use std::marker::PhantomData;

use super::toml::{Reader, Table, Value};
use crate::diag::Diagnostic;
use crate::model::Located;

/// A kind of table: its keys, in the order the docs, the schemas and the
/// "allowed keys" hints list them.
pub struct Def {
    /// The table as an unknown-key message names it ("[[sides]]", "a deck file").
    pub what: &'static str,
    /// The table as a missing-key message names it (most often `what`).
    pub owner: &'static str,
    pub doc: &'static str,
    pub keys: &'static [KeyDef],
}

impl Def {
    pub fn names(&self) -> Vec<&'static str> {
        self.keys.iter().map(|k| k.name).collect()
    }

    pub fn has(&self, name: &str) -> bool {
        self.keys.iter().any(|k| k.name == name)
    }
}

/// One key of a table.
#[derive(Clone, Copy)]
pub struct KeyDef {
    pub name: &'static str,
    pub required: bool,
    pub ty: Ty,
}

/// The type of a value, with what it means (tables say it in their [`Def`]).
#[derive(Clone, Copy)]
pub enum Ty {
    Str(&'static str),
    Int(&'static str),
    /// An integer from the first bound to the second (either may be open).
    IntIn(Option<i64>, Option<i64>, &'static str),
    Bool(&'static str),
    Num(&'static str),
    /// A number of points, or a string with a unit.
    Length(&'static str),
    /// A string matching a regular expression.
    Pattern(&'static str, &'static str),
    OneOf(&'static [&'static str], &'static str),
    StrArray(&'static str),
    IntArray(&'static str),
    Table(&'static Def),
    Tables(&'static Def),
    /// One table, or an array of them.
    OneOrMany(&'static Def),
    /// An array whose every item has this type.
    ArrayOf(&'static Ty, &'static str),
    /// Any of these shapes.
    AnyOf(&'static [Ty], &'static str),
    /// A table of one kind when it has the key (as the reader tells them
    /// apart: `file` for an entry kept in its own file, `options` for a
    /// modifier group), else of the other.
    IfHas(&'static str, &'static Def, &'static Def, &'static str),
    /// A table whose keys the file chooses, every value of this type.
    Map(&'static Ty, &'static str),
    /// An array of blocks, each a table of the kind its `kind` key names.
    Blocks(&'static [(&'static str, &'static Def)], &'static str),
    /// A table described once in the schema's definitions (it may nest itself).
    Ref(&'static str),
    /// Records (cards, items) whose keys are the file's own declared fields:
    /// a schema can know only the keys every record has.
    Records(&'static [&'static str], &'static str),
}

/// A value that is one of fixed words, stated once: the words, in the
/// order the docs, the schemas and the hints list them, and the value each
/// stands for. A key declared `Word(Type, "doc")` in [`table!`] is read as
/// the value (a word not among them is a `bad-value` listing them), and its
/// schema and docs key table list the same words. Made by [`one_of!`].
pub trait OneOf: Copy + Sized + 'static {
    /// The words.
    const WORDS: &'static [&'static str];
    /// The value of each word, in the same order.
    const VALUES: &'static [Self];
    /// Whether a word is matched whatever its case (`"A4"`).
    const ANY_CASE: bool = false;

    /// The value `word` stands for, if it is one of the words.
    fn parse(word: &str) -> Option<Self> {
        let at = Self::WORDS.iter().position(|w| {
            if Self::ANY_CASE {
                w.eq_ignore_ascii_case(word)
            } else {
                *w == word
            }
        })?;
        Self::VALUES.get(at).copied()
    }

    /// The word of a value.
    fn word(self) -> &'static str
    where
        Self: PartialEq,
    {
        let at = Self::VALUES.iter().position(|v| *v == self);
        at.and_then(|at| Self::WORDS.get(at))
            .copied()
            .unwrap_or_default()
    }
}

/// Declares the words of a [`OneOf`] value once: `one_of!(pub enum Flip {
/// Long = "long", Short = "short" })` makes the enum and its words;
/// `one_of!(impl FitMode { Cover = "cover", ... })` gives the words of an
/// enum declared elsewhere (the model's).
macro_rules! one_of {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($(#[$vmeta])* $variant),+ }
        $crate::load::spec::one_of!(impl $name { $($variant = $word),+ });
    };
    (impl $name:ident $(+ $any_case:ident)? { $($variant:ident = $word:literal),+ $(,)? }) => {
        impl $crate::load::spec::OneOf for $name {
            const WORDS: &'static [&'static str] = &[$($word),+];
            const VALUES: &'static [Self] = &[$($name::$variant),+];
            $(const $any_case: bool = true;)?
        }
    };
}
pub(crate) use one_of;

/// A key of a declared table, typed by the kind of value it holds: what
/// [`Reader::get`] reads. Made by [`table!`].
pub struct Key<K> {
    pub def: KeyDef,
    #[doc(hidden)]
    pub kind: PhantomData<K>,
}

impl<K> Clone for Key<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Key<K> {}

impl<K> Key<K> {
    pub const fn new(name: &'static str, required: bool, ty: Ty) -> Key<K> {
        Key {
            def: KeyDef { name, required, ty },
            kind: PhantomData,
        }
    }

    pub fn name(&self) -> &'static str {
        self.def.name
    }

    /// The key's raw value in `t`, for the kinds read by hand (one of
    /// several shapes, a map).
    pub fn of<'t, 'i>(&self, t: &'t Table<'i>) -> Option<&'t Value<'i>> {
        t.get_ref().get(self.def.name)
    }
}

impl Key<kinds::IntIn> {
    /// Whether `n` lies within the key's declared bounds.
    pub fn admits(&self, n: i64) -> bool {
        match self.def.ty {
            Ty::IntIn(lo, hi, _) => lo.is_none_or(|lo| n >= lo) && hi.is_none_or(|hi| n <= hi),
            _ => true,
        }
    }
}

/// A table being read, with the name missing-key messages give it.
pub struct Tab<'a, 'i> {
    pub table: &'a Table<'i>,
    pub owner: &'a str,
}

impl<'a, 'i> Tab<'a, 'i> {
    pub fn new(table: &'a Table<'i>, owner: &'a str) -> Tab<'a, 'i> {
        Tab { table, owner }
    }
}

impl<'i> std::ops::Deref for Tab<'_, 'i> {
    type Target = Table<'i>;
    fn deref(&self) -> &Table<'i> {
        self.table
    }
}

/// How a kind of value is read: each reports a wrong type as the reader
/// always has, and a missing required key with the word its hint uses.
pub trait Kind {
    type Out<'i>;
    /// `None`: an absent key reads as empty and is not reported here (a
    /// list the table's own checks find too short, say).
    const MISSING: Option<&'static str>;
    fn read<'i>(r: &mut Reader<'_>, t: &Table<'i>, key: &str) -> Self::Out<'i>;
}

/// The kinds a key is declared with in [`table!`], each named after its
/// [`Ty`] variant (a variant only nested in another is not one). Those
/// without a [`Kind`] are read by hand from [`Reader::value`].
pub mod kinds {
    use super::*;

    macro_rules! kind {
        ($($name:ident),*) => { $( pub struct $name; )* };
    }
    kind!(
        Str, Int, IntIn, Bool, Num, Length, Pattern, StrArray, Table, Tables, OneOrMany, ArrayOf,
        AnyOf, Map, Blocks, Records
    );

    /// A [`super::OneOf`] value: declared `Word(Type, "doc")`, a
    /// [`Ty::OneOf`] of the type's words, read as the type.
    pub struct Word<T>(PhantomData<T>);

    impl<T: super::OneOf> Kind for Word<T> {
        type Out<'i> = Option<Located<T>>;
        const MISSING: Option<&'static str> = Some("string");
        fn read<'i>(r: &mut Reader<'_>, t: &super::Table<'i>, key: &str) -> Self::Out<'i> {
            let word = r.opt_str(t, key)?;
            r.word(word, key)
        }
    }

    /// The kinds of key that hold one of several shapes, each read by hand
    /// as the shape it turns out to have ([`Reader::get_as`]).
    pub trait Shapes {}
    impl Shapes for OneOrMany {}
    impl Shapes for ArrayOf {}
    impl Shapes for AnyOf {}
    impl Shapes for Map {}
    impl Shapes for Blocks {}
    impl Shapes for Records {}

    macro_rules! read {
        ($($kind:ident => $out:ty, $missing:expr, $read:ident;)*) => {$(
            impl Kind for $kind {
                type Out<'i> = $out;
                const MISSING: Option<&'static str> = $missing;
                fn read<'i>(r: &mut Reader<'_>, t: &super::Table<'i>, key: &str) -> $out {
                    r.$read(t, key)
                }
            }
        )*};
    }
    read! {
        Str => Option<Located<String>>, Some("string"), opt_str;
        Pattern => Option<Located<String>>, Some("string"), opt_str;
        Int => Option<Located<i64>>, Some("integer"), opt_int;
        IntIn => Option<Located<i64>>, Some("integer"), opt_int;
        Bool => Option<bool>, Some("boolean"), opt_bool;
        Num => Option<Located<f32>>, Some("number"), opt_number;
        Length => Option<Located<f32>>, Some("length"), opt_length;
        StrArray => Vec<Located<String>>, None, str_array;
        Tables => Vec<super::Table<'i>>, None, tables;
        Table => Option<super::Table<'i>>, Some("table"), table;
    }
}

/// Declares a kind of table once: a module holding its [`Def`] (`DEF`) and
/// a typed [`Key`] const per key. Each key reads
/// `name: req|opt Kind(type arguments),`; `name as "where": ...` for a key
/// that is a Rust keyword; `name = path::to::key,` for a key declared in
/// another table, `(a, b) = path::to::table,` for several. The module sees
/// its parent's names.
///
/// A key `name: opt Word(Type, "doc")` holds one of the words of `Type`, a
/// [`OneOf`] value, and reads as it.
///
/// ```text
/// table! { pub mod sides: "[[sides]]", "A side.";
///     id: req Str("Short id, e.g. \"ufp\"."),
///     color: opt Pattern("^#[0-9A-Fa-f]{6}$", "The side's colour."),
/// }
/// ```
macro_rules! table {
    ($vis:vis mod $name:ident: $what:literal $(/ $owner:literal)?, $doc:expr; $($body:tt)*) => {
        #[allow(non_upper_case_globals, unused_imports)]
        $vis mod $name {
            use super::*;
            use $crate::load::spec::{Def, Key, Ty, kinds};
            pub static DEF: Def = Def {
                what: $what,
                owner: $crate::load::spec::table!(@owner $what $(, $owner)?),
                doc: $doc,
                keys: &$crate::load::spec::table!(@defs [] $($body)*),
            };
            $crate::load::spec::table!(@keys $($body)*);
        }
    };
    (@owner $what:literal) => { $what };
    (@owner $what:literal, $owner:literal) => { $owner };
    (@name $key:ident) => { stringify!($key) };
    (@name $key:ident $name:literal) => { $name };
    (@req req) => { true };
    (@req opt) => { false };
    (@defs [$($done:tt)*]) => { [$($done)*] };
    (@defs [$($done:tt)*] ($($key:ident),+) = $($path:ident)::+, $($rest:tt)*) => {
        $crate::load::spec::table!(@defs [$($done)* $($key.def,)+] $($rest)*)
    };
    (@defs [$($done:tt)*] $key:ident = $($path:ident)::+, $($rest:tt)*) => {
        $crate::load::spec::table!(@defs [$($done)* $key.def,] $($rest)*)
    };
    (@defs [$($done:tt)*] $key:ident $(as $n:literal)?: $req:ident $kind:ident $args:tt, $($rest:tt)*) => {
        $crate::load::spec::table!(@defs [$($done)* $key.def,] $($rest)*)
    };
    (@keys) => {};
    (@keys ($($key:ident),+) = $($path:ident)::+, $($rest:tt)*) => {
        pub use $($path)::+::{$($key),+};
        $crate::load::spec::table!(@keys $($rest)*);
    };
    (@keys $key:ident = $($path:ident)::+, $($rest:tt)*) => {
        pub use $($path)::+ as $key;
        $crate::load::spec::table!(@keys $($rest)*);
    };
    (@keys $key:ident $(as $n:literal)?: $req:ident Word($ty:ty, $doc:expr), $($rest:tt)*) => {
        pub const $key: Key<kinds::Word<$ty>> = Key {
            def: $crate::load::spec::KeyDef {
                name: $crate::load::spec::table!(@name $key $($n)?),
                required: $crate::load::spec::table!(@req $req),
                ty: Ty::OneOf(<$ty as $crate::load::spec::OneOf>::WORDS, $doc),
            },
            kind: std::marker::PhantomData,
        };
        $crate::load::spec::table!(@keys $($rest)*);
    };
    (@keys $key:ident $(as $n:literal)?: $req:ident $kind:ident $args:tt, $($rest:tt)*) => {
        pub const $key: Key<kinds::$kind> = Key {
            def: $crate::load::spec::KeyDef {
                name: $crate::load::spec::table!(@name $key $($n)?),
                required: $crate::load::spec::table!(@req $req),
                ty: Ty::$kind $args,
            },
            kind: std::marker::PhantomData,
        };
        $crate::load::spec::table!(@keys $($rest)*);
    };
}
pub(crate) use table;

impl Reader<'_> {
    /// The value `word` (of the key `key`) stands for; a word not among
    /// the value's is a `bad-value` whose hint lists them.
    pub fn word<T: OneOf>(&mut self, word: Located<String>, key: &str) -> Option<Located<T>> {
        if let Some(value) = T::parse(&word.value) {
            return Some(Located::new(value, word.loc));
        }
        self.diags.push(crate::error!(
            "bad-value", Some(word.loc), "`{}` is not a `{key}`", word.value;
            hint: "use one of: {}", T::WORDS.join(", ")
        ));
        None
    }

    /// Reports the keys of `t` its kind of table does not have; the table
    /// to read, its missing keys named as the kind names them.
    pub fn open<'a, 'i>(&mut self, t: &'a Table<'i>, def: &'static Def) -> Tab<'a, 'i> {
        self.check(t, def, def.what);
        Tab::new(t, def.owner)
    }

    /// [`Reader::open`] of a file's top table: a key of it met in a nested
    /// table is then pointed out as written below a header by mistake.
    pub fn open_top<'a, 'i>(&mut self, t: &'a Table<'i>, def: &'static Def) -> Tab<'a, 'i> {
        self.top = Some(def);
        self.open(t, def)
    }

    /// Reports the keys of `t` that `def` does not have, naming the table `what`.
    pub fn check(&mut self, t: &Table<'_>, def: &'static Def, what: &str) {
        if t.get_ref().keys().all(|k| def.has(k.get_ref())) {
            return;
        }
        let is_top = self.top.is_some_and(|top| std::ptr::eq(top, def));
        self.check_names(t.get_ref(), &def.names(), is_top, what);
    }

    /// A declared key's value, read as its declared kind: a required key
    /// that is absent is a `missing-field`, a value of another type a
    /// `wrong-type` (or `bad-length`).
    pub fn get<'i, K: Kind>(&mut self, t: &Tab<'_, 'i>, key: Key<K>) -> K::Out<'i> {
        if let (true, Some(word)) = (key.def.required, K::MISSING)
            && t.get_ref().get(key.def.name).is_none()
        {
            self.missing(t.span(), key.def.name, t.owner, word);
        }
        K::read(self, t.table, key.def.name)
    }

    /// A key of several shapes read as one of them (`K`), as [`Reader::get`].
    pub fn get_as<'i, K: Kind, J: kinds::Shapes>(
        &mut self,
        t: &Tab<'_, 'i>,
        key: Key<J>,
    ) -> K::Out<'i> {
        self.get(t, Key::<K>::new(key.def.name, key.def.required, key.def.ty))
    }
}

/// The table of the kind of block `kind` names, of a [`Ty::Blocks`] key.
pub fn block_def(key: Key<kinds::Blocks>, kind: &str) -> Option<&'static Def> {
    match key.def.ty {
        Ty::Blocks(blocks, _) => blocks.iter().find(|(k, _)| *k == kind).map(|(_, d)| *d),
        _ => None,
    }
}

/// A block whose `kind` is not one of a [`Ty::Blocks`] key's.
pub fn unknown_kind(key: Key<kinds::Blocks>, kind: &Located<String>) -> Diagnostic {
    let kinds: Vec<&str> = match key.def.ty {
        Ty::Blocks(blocks, _) => blocks.iter().map(|(k, _)| *k).collect(),
        _ => Vec::new(),
    };
    crate::error!(
        "bad-value", Some(kind.loc), "unknown block kind `{}`", kind.value;
        hint: "kind is one of: {}", kinds.join(", ")
    )
}
