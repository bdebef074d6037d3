//! Live: `watch` (rebuild a game's outputs whenever its files change, through
//! the same publish functions as `build`) and `serve` (watch, plus a preview
//! of the outputs on 127.0.0.1 that follows every rebuild, replacing only
//! the [`fragments`] of a page that changed). Input: game
//! folders and a project root; output: files under out/ and HTTP answers.

mod fragments;
pub mod kept;
pub mod serve;
pub mod watch;
