//! `grogpress watch`: in a game made with `new` in a temp dir outside the
//! repository, editing a card rebuilds its label PDF (and only it); an error
//! keeps the previous PDF in place; fixing it publishes the waiting change.

mod support;

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use support::running::Running;

/// `grogpress watch GAME` in `dir`.
fn watch(dir: &Path, game: &str) -> Running {
    Running::start(dir, &["watch", game, "--color", "never"])
}

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("run pdftotext");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Replaces text in a file (every occurrence of each pair), saved as many
/// editors save: a temporary file renamed over the old one.
fn edit(file: &Path, changes: &[(&str, &str)]) {
    let mut text = std::fs::read_to_string(file).expect("read");
    for (from, to) in changes {
        assert!(text.contains(from), "{from} not in {}", file.display());
        text = text.replace(from, to);
    }
    let tmp = file.with_file_name(".saving.tmp");
    std::fs::write(&tmp, text).expect("write");
    std::fs::rename(&tmp, file).expect("rename");
}

#[test]
fn watch_rebuilds_and_keeps_the_last_good_output() {
    let tmp = support::starter_game();
    let here = tmp.path();
    let cards = here.join("g/action-cards.toml");
    let labels = here.join("out/g/action-labels.pdf");
    let aid = here.join("out/g/player-aid.pdf");
    let charts = here.join("out/g/charts.pdf");

    let mut watch = watch(here, "g");
    watch.wait_for("watching");
    assert!(pdftotext(&labels).contains("Ignore the first hit"));
    // The rulebook is published by watch as by build.
    let rulebook = here.join("out/g/g-rules.pdf");
    assert!(
        pdftotext(&rulebook).contains("Each turn you get two actions"),
        "no rulebook from watch"
    );
    let aid_inode = std::fs::metadata(&aid).expect("aid").ino();
    let charts_inode = std::fs::metadata(&charts).expect("charts").ino();

    // A one-word change to a card: the labels are rebuilt, the aid and the
    // chart set are not.
    edit(&cards, &[("Ignore the first hit", "Ignore the second hit")]);
    let log = watch.wait_for("done in");
    assert!(
        log.iter()
            .any(|l| l.contains("wrote") && l.contains("action-labels.pdf")),
        "{log:?}"
    );
    let text = pdftotext(&labels);
    assert_eq!(text.matches("Ignore the second hit").count(), 2, "{text}");
    assert_eq!(
        std::fs::metadata(&aid).expect("aid").ino(),
        aid_inode,
        "the aid was rewritten"
    );
    assert_eq!(
        std::fs::metadata(&charts).expect("charts").ino(),
        charts_inode,
        "the chart set was rewritten"
    );
    let good = std::fs::read(&labels).expect("read labels");

    // An error (a bad enum value) with another change: the previous PDF stays.
    edit(
        &cards,
        &[
            ("Ignore the second hit", "Ignore the third hit"),
            ("who = \"Defender Only\"", "who = \"Defender only\""),
        ],
    );
    let log = watch.wait_for("done in");
    assert!(
        log.iter().any(|l| l.starts_with("error[bad-enum-value]")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("kept the previous outputs")),
        "{log:?}"
    );
    assert_eq!(
        std::fs::read(&labels).expect("read labels"),
        good,
        "the last good PDF was replaced"
    );

    // Fixing the error publishes the change that waited.
    edit(
        &cards,
        &[("who = \"Defender only\"", "who = \"Defender Only\"")],
    );
    watch.wait_for("done in");
    let text = pdftotext(&labels);
    assert_eq!(text.matches("Ignore the third hit").count(), 2, "{text}");
}

/// The number of inotify watches a process holds (Linux), from /proc.
fn inotify_watches(pid: u32) -> usize {
    let mut count = 0;
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return 0;
    };
    for fd in fds.flatten() {
        let is_inotify = std::fs::read_link(fd.path())
            .is_ok_and(|target| target.to_string_lossy() == "anon_inode:inotify");
        if is_inotify {
            let info = std::fs::read_to_string(format!(
                "/proc/{pid}/fdinfo/{}",
                fd.file_name().to_string_lossy()
            ))
            .unwrap_or_default();
            count += info
                .lines()
                .filter(|l| l.starts_with("inotify wd:"))
                .count();
        }
    }
    count
}

/// A game folder is untrusted: links in it to `/` and `/usr` are not
/// followed, so watch starts at once, watches only the game's own folders
/// (not every directory under /usr), and still rebuilds on a save.
#[test]
fn watch_does_not_follow_symlinks_out_of_the_game() {
    let tmp = support::starter_game();
    let here = tmp.path();
    std::os::unix::fs::symlink("/", here.join("g/x")).expect("link to /");
    std::os::unix::fs::symlink("/usr", here.join("g/u")).expect("link to /usr");
    let labels = here.join("out/g/action-labels.pdf");

    let started = std::time::Instant::now();
    let mut watch = watch(here, "g");
    watch.wait_for("watching");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "watch took {:?} to start",
        started.elapsed()
    );
    if Path::new("/proc/self/fdinfo").is_dir() {
        let watches = inotify_watches(watch.id());
        // The game folder, its few subfolders, fonts/, templates/, data/.
        assert!(
            (1..100).contains(&watches),
            "{watches} inotify watches for one small game"
        );
    }
    edit(
        &here.join("g/action-cards.toml"),
        &[("Ignore the first hit", "Ignore the fourth hit")],
    );
    watch.wait_for("done in");
    let text = pdftotext(&labels);
    assert_eq!(text.matches("Ignore the fourth hit").count(), 2, "{text}");
}

/// Every rebuild printed the same warnings again; now a warning is printed
/// once, a rebuild says how many are as before, and a new one is printed.
#[test]
fn a_rebuild_prints_only_new_warnings() {
    let tmp = support::starter_game();
    let here = tmp.path();
    let rules = here.join("g/rules/rules.md");
    let cards = here.join("g/action-cards.toml");
    edit(&rules, &[("[*Dug In*](card:)", "[*Dug in*](card:)")]);

    let mut watch = watch(here, "g");
    let first = watch.wait_for("watching");
    let mismatches = |log: &[String]| {
        log.iter()
            .filter(|l| l.starts_with("warning[card-title-mismatch]"))
            .count()
    };
    assert_eq!(mismatches(&first), 1, "{first:?}");

    edit(&cards, &[("Ignore the first hit", "Ignore the second hit")]);
    let log = watch.wait_for("done in");
    assert_eq!(mismatches(&log), 0, "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains("(1 warning as before, not repeated)")),
        "{log:?}"
    );

    // A second, new warning is printed; the old one is not.
    let mut text = std::fs::read_to_string(&rules).expect("rules");
    text.push_str("\nSee also [*Dug IN*](card:).\n");
    std::fs::write(&rules, text).expect("write");
    let log = watch.wait_for("done in");
    assert_eq!(mismatches(&log), 1, "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains("(1 warning as before, not repeated)")),
        "{log:?}"
    );
}

/// `grogpress watch GAME` in `dir` with each rebuild's stages timed (so
/// it tells how many card faces it laid out): its stderr a line at a time.
fn watch_timed(dir: &Path, game: &str) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(dir)
        .args(["watch", game, "--color", "never"])
        .env("GROGPRESS_TIMING", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start grogpress watch");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

/// The lines up to the first that starts with `start`.
fn lines_until(lines: &std::sync::mpsc::Receiver<String>, start: &str) -> Vec<String> {
    let mut got = Vec::new();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("no `{start}` after {got:?}"));
        let done = line.starts_with(start);
        got.push(line);
        if done {
            return got;
        }
    }
}

/// How many card faces a rebuild laid out, as it tells.
fn faces_laid_out(log: &[String]) -> usize {
    let line = log
        .iter()
        .find_map(|l| l.strip_prefix("timing: card faces laid out: "))
        .unwrap_or_else(|| panic!("no count of faces in {log:?}"));
    line.split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count")
}

#[test]
fn a_rebuild_lays_out_again_only_the_cards_that_changed() {
    let tmp = support::starter_game();
    let here = tmp.path();
    let cards = here.join("g/action-cards.toml");
    // The deck grown to 22 cards: ten more mirrored pairs, each its own text.
    let mut text = std::fs::read_to_string(&cards).expect("read cards");
    text = text.replace("count_per = { field = \"owner\", count = 1 }\n", "");
    for n in 1..=10 {
        for owner in ["Red", "Blue"] {
            text.push_str(&format!(
                "\n[[cards]]\nwho = \"Defender Only\"\ntiming = \"Play when attacked:\"\n\
                 title = \"Hold {n}\"\neffect = \"Hold fast {n}.\"\nowner = \"{owner}\"\n"
            ));
        }
    }
    std::fs::write(&cards, text).expect("write cards");
    let (mut child, lines) = watch_timed(here, "g");
    lines_until(&lines, "watching");

    // One pair's text changed: those two cards are laid out again, no other.
    edit(&cards, &[("Hold fast 3.", "Hold firm 3.")]);
    let log = lines_until(&lines, "done in");
    assert_eq!(faces_laid_out(&log), 2, "{log:?}");
    let labels = here.join("out/g/action-labels.pdf");
    assert_eq!(pdftotext(&labels).matches("Hold firm 3.").count(), 2);

    // A rules page changed: no card is laid out again.
    let rules = here.join("g/rules/rules.md");
    let mut page = std::fs::read_to_string(&rules).expect("rules");
    page.push_str("\nHold the line.\n");
    std::fs::write(&rules, page).expect("write rules");
    let log = lines_until(&lines, "done in");
    assert_eq!(faces_laid_out(&log), 0, "{log:?}");
    let _ = child.kill();
    let _ = child.wait();

    // The faces kept give the very bytes a build from nothing gives.
    let fresh = here.join("fresh");
    let built = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(here)
        .args(["build", "g", "--out"])
        .arg(&fresh)
        .output()
        .expect("run build");
    assert!(built.status.success(), "{built:?}");
    for file in ["action-labels.pdf", "html/rules.html", "html/print.html"] {
        assert!(
            std::fs::read(here.join("out/g").join(file)).expect("watched")
                == std::fs::read(fresh.join("g").join(file)).expect("built"),
            "{file} differs from a fresh build's"
        );
    }
}
