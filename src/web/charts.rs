//! Charts drawn on the server as SVG, no script: the standings race, the
//! contracts taken and made, the distribution of scores per deal. The
//! geometry (scales, ticks, points, label places) is computed here in pure
//! functions; `templates/charts/*.svg` only writes it out. Colours and fonts
//! are SVG presentation attributes, so a chart reads the same inline in a
//! page, alone, in print and under the strict CSP (no style attribute).
//!
//! It stays one file past 400 lines (a sixth of them its tests) because it
//! is one small kit and the three charts laid out with it: `Scale`, the
//! nice ticks, `spread`, the private `fmt` and `MARGIN` are what each
//! chart's layout is made of, and every chart's `width` and `n` read them;
//! apart, the kit's private pieces would be opened to sibling files for
//! nothing.

use askama::Template;

use crate::tournament::ids::PlayerId;
use crate::tournament::stats::{RaceLine, Taken};
use crate::web::filters;

/// Ten colours told apart on a projector and in print (Tableau 10).
pub const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
];

/// Width of every chart (SVG user units).
pub const WIDTH: f64 = 720.0;
/// The plot area's margins: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (64.0, 16.0, 16.0, 52.0);

/// A tick of an axis: its place and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// Coordinate along the axis (SVG units).
    pub at: f64,
    /// What it says.
    pub label: String,
}

/// A linear scale from values to SVG coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// Lowest value.
    pub v0: f64,
    /// Highest value.
    pub v1: f64,
    /// Coordinate of `v0`.
    pub c0: f64,
    /// Coordinate of `v1`.
    pub c1: f64,
}

impl Scale {
    /// The coordinate of `v`.
    pub fn at(&self, v: f64) -> f64 {
        if self.v1 == self.v0 {
            return (self.c0 + self.c1) / 2.0;
        }
        self.c0 + (v - self.v0) * (self.c1 - self.c0) / (self.v1 - self.v0)
    }
}

/// A round step (1, 2 or 5 times a power of ten) cutting `span` into about
/// `target` parts.
pub fn nice_step(span: f64, target: usize) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / target.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let f = raw / power;
    let m = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    (m * power).max(1.0)
}

/// Round tick values covering `lo..=hi` (about `target` steps), whole numbers.
pub fn nice_ticks(lo: i64, hi: i64, target: usize) -> Vec<i64> {
    let (lo, hi) = if lo == hi {
        (lo - 1, hi + 1)
    } else {
        (lo.min(hi), lo.max(hi))
    };
    let step = nice_step((hi - lo) as f64, target) as i64;
    let first = lo.div_euclid(step) * step;
    let last = -((-hi).div_euclid(step) * step);
    (0..).map(|i| first + i * step).take_while(|v| *v <= last).collect()
}

/// Spreads label positions (sorted or not) so that no two are closer than
/// `gap`, keeping them within `lo..=hi` and as near their wish as it can;
/// the order of the wishes is kept.
pub fn spread(wishes: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..wishes.len()).collect();
    order.sort_by(|a, b| wishes[*a].total_cmp(&wishes[*b]));
    let mut placed: Vec<f64> = order.iter().map(|i| wishes[*i].clamp(lo, hi)).collect();
    // Push down from the top, then up from the bottom.
    for i in 1..placed.len() {
        if placed[i] < placed[i - 1] + gap {
            placed[i] = placed[i - 1] + gap;
        }
    }
    if let Some(last) = placed.last_mut() {
        if *last > hi {
            *last = hi;
        }
    }
    for i in (0..placed.len().saturating_sub(1)).rev() {
        if placed[i] > placed[i + 1] - gap {
            placed[i] = placed[i + 1] - gap;
        }
    }
    let mut out = vec![0.0; wishes.len()];
    for (k, i) in order.iter().enumerate() {
        out[*i] = placed[k];
    }
    out
}

/// A coordinate as the charts write it: one decimal, no trailing `.0`.
pub fn fmt(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The words of a chart, in the page's language.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// Title (the SVG's `<title>`, read by screen readers).
    pub title: String,
    /// What it shows, in a sentence (`<desc>`).
    pub desc: String,
    /// Horizontal axis.
    pub x_label: String,
    /// Vertical axis.
    pub y_label: String,
}

/// One player's line of the race, placed.
#[derive(Debug, Clone, PartialEq)]
pub struct RacePath {
    /// The player.
    pub player: PlayerId,
    /// Their place.
    pub rank: u32,
    /// "Name (total)", shown on hover.
    pub name: String,
    /// "Name (total)" with a long name cut to fit the labels' column.
    pub short: String,
    /// The `points` of the polyline.
    pub points: String,
    /// Highlighted (top 10, or the page's player).
    pub highlight: bool,
    /// Stroke colour.
    pub color: &'static str,
    /// Stroke width.
    pub stroke: f64,
    /// The label's place at the right end (highlighted lines only): x, y.
    pub label: Option<(f64, f64)>,
}

/// Which lines of the race stand out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Highlight {
    /// The players placed 1 to N.
    Top(usize),
    /// One player (their own page).
    Player(PlayerId),
}

/// The standings race: each player's cumulative score round by round.
#[derive(Debug, Clone, Template)]
#[template(path = "charts/race.svg")]
pub struct RaceChart {
    /// Words.
    pub words: Words,
    /// Height.
    pub height: f64,
    /// Plot area: left, top, right, bottom.
    pub plot: (f64, f64, f64, f64),
    /// Ticks of the rounds.
    pub x_ticks: Vec<Tick>,
    /// Ticks of the scores.
    pub y_ticks: Vec<Tick>,
    /// The zero line's y.
    pub zero: f64,
    /// Lines, the plain ones first so the highlighted ones are drawn over them.
    pub paths: Vec<RacePath>,
}

impl RaceChart {
    /// Lays the race out. `lines` come best first (the standings' order).
    pub fn new(lines: &[RaceLine], highlight: Highlight, words: Words) -> RaceChart {
        RaceChart::of_figures(lines, highlight, words, &|v| v.to_string())
    }

    /// Lays out a race whose values `figure` writes (a duplicate
    /// tournament's percentages or datum, in hundredths), in the ticks and
    /// the labels alike.
    pub fn of_figures(
        lines: &[RaceLine],
        highlight: Highlight,
        words: Words,
        figure: &dyn Fn(i64) -> String,
    ) -> RaceChart {
        let height = 420.0;
        let (ml, mr, mt, mb) = MARGIN;
        let plot = (ml, mt, WIDTH - mr - LABELS_WIDTH, height - mb);
        let rounds = lines
            .iter()
            .map(|l| l.cumulative.len())
            .max()
            .unwrap_or(1)
            .saturating_sub(1);
        let (y_values, ys) = race_score_scale(lines, plot);
        let xs = Scale {
            v0: 0.0,
            v1: rounds.max(1) as f64,
            c0: plot.0,
            c1: plot.2,
        };
        let x_every = rounds.div_ceil(12).max(1);
        let x_ticks = (0..=rounds)
            .filter(|r| r % x_every == 0 || *r == rounds)
            .map(|r| Tick {
                at: xs.at(r as f64),
                label: r.to_string(),
            })
            .collect();
        let y_ticks = y_values
            .iter()
            .map(|v| Tick {
                at: ys.at(*v as f64),
                label: figure(*v),
            })
            .collect();
        let mut paths = race_paths(lines, highlight, (xs, ys), figure);
        place_race_labels(&mut paths, lines, ys, plot);
        // Plain lines under the highlighted ones; the best highlighted on top.
        paths.sort_by_key(|p| (p.highlight, std::cmp::Reverse(p.rank)));
        RaceChart {
            words,
            height,
            plot,
            x_ticks,
            y_ticks,
            zero: ys.at(0.0),
            paths,
        }
    }

    /// Whether there is anything to draw.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The chart's width.
    pub fn width(&self) -> f64 {
        WIDTH
    }

    /// A coordinate as written in the SVG.
    pub fn n<V: std::borrow::Borrow<f64>>(&self, v: V) -> String {
        fmt(*v.borrow())
    }
}

/// The race's score ticks (zero among them) and its vertical scale on `plot`.
fn race_score_scale(lines: &[RaceLine], plot: (f64, f64, f64, f64)) -> (Vec<i64>, Scale) {
    let lo = lines
        .iter()
        .flat_map(|l| l.cumulative.iter().copied())
        .min()
        .unwrap_or(0);
    let hi = lines
        .iter()
        .flat_map(|l| l.cumulative.iter().copied())
        .max()
        .unwrap_or(0);
    let y_values = nice_ticks(lo.min(0), hi.max(0), 6);
    let ys = Scale {
        v0: *y_values.first().unwrap_or(&0) as f64,
        v1: *y_values.last().unwrap_or(&0) as f64,
        c0: plot.3,
        c1: plot.1,
    };
    (y_values, ys)
}

/// Each player's polyline on the scales, in the standings' order, the
/// highlighted ones coloured and thicker (their labels not placed yet).
fn race_paths(
    lines: &[RaceLine],
    highlight: Highlight,
    (xs, ys): (Scale, Scale),
    figure: &dyn Fn(i64) -> String,
) -> Vec<RacePath> {
    let is_high = |i: usize, l: &RaceLine| match highlight {
        Highlight::Top(n) => i < n,
        Highlight::Player(p) => l.player == p,
    };
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let high = is_high(i, l);
            let points = l
                .cumulative
                .iter()
                .enumerate()
                .map(|(r, v)| format!("{},{}", fmt(xs.at(r as f64)), fmt(ys.at(*v as f64))))
                .collect::<Vec<_>>()
                .join(" ");
            let total = figure(l.cumulative.last().copied().unwrap_or(0));
            RacePath {
                player: l.player,
                rank: l.rank,
                name: format!("{} ({total})", l.name),
                short: race_label(l.rank, &l.name, &total),
                points,
                highlight: high,
                color: match (high, highlight) {
                    (false, _) => "#c4c4c4",
                    (true, Highlight::Player(_)) => "#d62728",
                    (true, Highlight::Top(_)) => PALETTE[i % PALETTE.len()],
                },
                stroke: if high { 2.5 } else { 1.0 },
                label: None,
            }
        })
        .collect()
}

/// The race's column of labels, right of the plot, in pixels.
const LABELS_WIDTH: f64 = 190.0;

/// Width left for a race label, in pixels: from its x (6 px right of the
/// plot) to the drawing's edge (the right margin beyond), less 10.
const LABEL_ROOM: f64 = LABELS_WIDTH;

/// The width of `text` in 12 px bold Helvetica, estimated from the
/// letters' classes (wide, capital, narrow, other), on the generous side.
fn text_width(text: &str) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'W' | 'M' | 'm' | 'w' | '@' => 0.95,
            'i' | 'j' | 'l' | 'I' | '.' | ',' | '\'' | '|' | '!' => 0.3,
            'f' | 't' | 'r' | ' ' | '(' | ')' | '-' => 0.4,
            '0'..='9' => 0.58,
            c if c.is_uppercase() => 0.78,
            c if c.is_alphabetic() => 0.63,
            _ => 0.8,
        })
        .sum();
    em * 12.0
}

/// A race label, "3. Name (total)", the name cut (an ellipsis marking the
/// cut) so that the whole fits the labels' column.
fn race_label(rank: u32, name: &str, total: &str) -> String {
    let around = format!("{rank}.  ({total})");
    let room = LABEL_ROOM - text_width(&around);
    if text_width(name) <= room {
        return format!("{name} ({total})");
    }
    let mut cut = String::new();
    for c in name.chars() {
        cut.push(c);
        if text_width(&cut) + text_width("\u{2026}") > room {
            cut.pop();
            break;
        }
    }
    format!("{}\u{2026} ({total})", cut.trim_end())
}

/// Places the highlighted lines' labels right of the plot, at their line's
/// end, spread so that none overlaps another.
fn place_race_labels(paths: &mut [RacePath], lines: &[RaceLine], ys: Scale, plot: (f64, f64, f64, f64)) {
    let high: Vec<usize> = (0..paths.len()).filter(|i| paths[*i].highlight).collect();
    let wishes: Vec<f64> = high
        .iter()
        .map(|i| ys.at(lines[*i].cumulative.last().copied().unwrap_or(0) as f64) + 4.0)
        .collect();
    let placed = spread(&wishes, 14.0, plot.1 + 4.0, plot.3 + 4.0);
    for (k, i) in high.iter().enumerate() {
        paths[*i].label = Some((plot.2 + 6.0, (placed[k] * 10.0).round() / 10.0));
    }
}

/// One bar of a bar chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Its name (left of a row, under a column).
    pub label: String,
    /// What it says beside it ("4 / 6 · 67 %").
    pub note: String,
    /// The full bar: x, y, width, height.
    pub full: (f64, f64, f64, f64),
    /// The part drawn dark (made contracts): width.
    pub part: f64,
}

/// A row of a [`BarChart`]: its name, the full bar, the part drawn dark
/// over it, and what it says beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct BarRow {
    /// Its name, left of the bar.
    pub label: String,
    /// The full bar's value (light).
    pub full: f64,
    /// The dark part's value, drawn over the full bar from its start.
    pub part: f64,
    /// What it says beside it.
    pub note: String,
}

/// Horizontal bars, one row each, a light full bar with a dark part over it
/// and a note beside it: the contracts taken and made, the tables of 4
/// and of 5.
#[derive(Debug, Clone, Template)]
#[template(path = "charts/bars.svg")]
pub struct BarChart {
    /// The chart's own name (its element ids and class), unique on a page.
    pub id: &'static str,
    /// Words.
    pub words: Words,
    /// Height.
    pub height: f64,
    /// Plot area: left, top, right, bottom.
    pub plot: (f64, f64, f64, f64),
    /// Ticks of the values.
    pub x_ticks: Vec<Tick>,
    /// The rows.
    pub bars: Vec<Bar>,
    /// The legend's words: the full bar, the dark part.
    pub legend: (String, String),
}

impl BarChart {
    /// One row per (contract name, taken and made); `note` writes a row's note.
    pub fn contracts(
        rows: &[(String, Taken)],
        note: impl Fn(&Taken) -> String,
        legend: (String, String),
        words: Words,
    ) -> BarChart {
        let rows: Vec<BarRow> = rows
            .iter()
            .map(|(label, t)| BarRow {
                label: label.clone(),
                full: f64::from(t.taken),
                part: f64::from(t.won),
                note: note(t),
            })
            .collect();
        BarChart::new("contracts", &rows, legend, words)
    }

    /// The chart `id` of `rows`.
    pub fn new(id: &'static str, rows: &[BarRow], legend: (String, String), words: Words) -> BarChart {
        let row_h = 44.0;
        let (mt, mb) = (36.0, 44.0);
        let height = mt + mb + row_h * rows.len() as f64;
        let plot = (130.0, mt, WIDTH - 170.0, height - mb);
        let max = rows
            .iter()
            .map(|r| r.full.max(r.part).ceil() as i64)
            .max()
            .unwrap_or(0)
            .max(1);
        let ticks = nice_ticks(0, max, 5);
        let xs = Scale {
            v0: 0.0,
            v1: *ticks.last().unwrap_or(&1) as f64,
            c0: plot.0,
            c1: plot.2,
        };
        let bars = rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let y = plot.1 + row_h * i as f64 + 8.0;
                Bar {
                    label: r.label.clone(),
                    note: r.note.clone(),
                    full: (plot.0, y, xs.at(r.full) - plot.0, row_h - 16.0),
                    part: xs.at(r.part) - plot.0,
                }
            })
            .collect();
        BarChart {
            id,
            words,
            height,
            plot,
            x_ticks: ticks
                .iter()
                .map(|v| Tick {
                    at: xs.at(*v as f64),
                    label: v.to_string(),
                })
                .collect(),
            bars,
            legend,
        }
    }

    /// The chart's width.
    pub fn width(&self) -> f64 {
        WIDTH
    }

    /// A coordinate as written in the SVG.
    pub fn n<V: std::borrow::Borrow<f64>>(&self, v: V) -> String {
        fmt(*v.borrow())
    }
}

/// The bins of a histogram: (lowest value of the bin, count), bins of
/// `width` starting at multiples of it, empty bins between included.
pub fn bins(values: &[i32], target: usize) -> (i64, Vec<(i64, u32)>) {
    let (Some(lo), Some(hi)) = (values.iter().min(), values.iter().max()) else {
        return (1, Vec::new());
    };
    let (lo, hi) = (i64::from(*lo), i64::from(*hi));
    let width = nice_step((hi - lo + 1) as f64, target) as i64;
    let first = lo.div_euclid(width);
    let last = hi.div_euclid(width);
    let mut out: Vec<(i64, u32)> = (first..=last).map(|k| (k * width, 0)).collect();
    for v in values {
        out[(i64::from(*v).div_euclid(width) - first) as usize].1 += 1;
    }
    (width, out)
}

/// The distribution of scores per deal: a histogram.
#[derive(Debug, Clone, Template)]
#[template(path = "charts/histogram.svg")]
pub struct HistogramChart {
    /// Words.
    pub words: Words,
    /// Height.
    pub height: f64,
    /// Plot area: left, top, right, bottom.
    pub plot: (f64, f64, f64, f64),
    /// Ticks of the scores (bin edges).
    pub x_ticks: Vec<Tick>,
    /// Ticks of the counts.
    pub y_ticks: Vec<Tick>,
    /// Columns: label ("from 0 to 49: 12"), x, y, width, height.
    pub columns: Vec<Bar>,
}

impl HistogramChart {
    /// The histogram of `values`; `column_note(lo, hi, count)` says a column.
    pub fn new(values: &[i32], column_note: impl Fn(i64, i64, u32) -> String, words: Words) -> HistogramChart {
        let height = 340.0;
        let (ml, mr, mt, mb) = MARGIN;
        let plot = (ml, mt, WIDTH - mr, height - mb);
        let (width, bins) = bins(values, 16);
        let max = bins.iter().map(|b| i64::from(b.1)).max().unwrap_or(0).max(1);
        let y_values = nice_ticks(0, max, 5);
        let ys = Scale {
            v0: 0.0,
            v1: *y_values.last().unwrap_or(&1) as f64,
            c0: plot.3,
            c1: plot.1,
        };
        let lo = bins.first().map_or(0, |b| b.0);
        let hi = bins.last().map_or(width, |b| b.0 + width);
        let xs = Scale {
            v0: lo as f64,
            v1: hi as f64,
            c0: plot.0,
            c1: plot.2,
        };
        let every = bins.len().div_ceil(8).max(1);
        let x_ticks = (0..=bins.len())
            .filter(|k| k % every == 0)
            .map(|k| {
                let v = lo + k as i64 * width;
                Tick {
                    at: xs.at(v as f64),
                    label: v.to_string(),
                }
            })
            .collect();
        let columns = bins
            .iter()
            .map(|(from, count)| {
                let x0 = xs.at(*from as f64);
                let x1 = xs.at((*from + width) as f64);
                let y = ys.at(f64::from(*count));
                Bar {
                    label: String::new(),
                    note: column_note(*from, *from + width - 1, *count),
                    full: (x0 + 1.0, y, (x1 - x0 - 2.0).max(1.0), plot.3 - y),
                    part: 0.0,
                }
            })
            .collect();
        HistogramChart {
            words,
            height,
            plot,
            x_ticks,
            y_ticks: y_values
                .iter()
                .map(|v| Tick {
                    at: ys.at(*v as f64),
                    label: v.to_string(),
                })
                .collect(),
            columns,
        }
    }

    /// The chart's width.
    pub fn width(&self) -> f64 {
        WIDTH
    }

    /// A coordinate as written in the SVG.
    pub fn n<V: std::borrow::Borrow<f64>>(&self, v: V) -> String {
        fmt(*v.borrow())
    }
}

/// Renders a chart to its SVG text (empty if the template fails, which is logged).
pub fn svg(chart: &impl Template) -> String {
    chart.render().unwrap_or_else(|e| {
        tracing::error!(error = %e, "chart rendering failed");
        String::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_ticks_are_round() {
        assert_eq!(nice_step(100.0, 5), 20.0);
        assert_eq!(nice_step(730.0, 6), 200.0);
        assert_eq!(nice_step(3.0, 5), 1.0);
        // 550 / 6 ≈ 92, rounded up to 100.
        assert_eq!(nice_ticks(-130, 420, 6), vec![-200, -100, 0, 100, 200, 300, 400, 500]);
        assert_eq!(nice_ticks(0, 7, 5), vec![0, 2, 4, 6, 8]);
        assert_eq!(nice_ticks(0, 0, 5), vec![-1, 0, 1]);
    }

    #[test]
    fn a_scale_maps_values_to_coordinates() {
        let s = Scale {
            v0: -200.0,
            v1: 600.0,
            c0: 400.0,
            c1: 0.0,
        };
        assert_eq!(s.at(-200.0), 400.0);
        assert_eq!(s.at(0.0), 300.0);
        assert_eq!(s.at(600.0), 0.0);
    }

    #[test]
    fn labels_are_spread_apart_within_bounds() {
        // 10 and 12 collide; 100 is free; all stay in 0..=105.
        let got = spread(&[12.0, 100.0, 10.0], 14.0, 0.0, 105.0);
        assert_eq!(got, vec![24.0, 100.0, 10.0]);
        // Crowded at the bottom: pushed back up.
        let got = spread(&[100.0, 100.0, 100.0], 10.0, 0.0, 100.0);
        assert_eq!(got, vec![80.0, 90.0, 100.0]);
    }

    #[test]
    fn long_names_are_cut_in_race_labels_to_fit_their_column() {
        assert_eq!(race_label(1, "Odile", "120"), "Odile (120)");
        assert_eq!(race_label(10, "Élodie Hérault", "-1234"), "Élodie Hérault (-1234)");
        let long = race_label(10, &"Marie-Christine-".repeat(8), "-1234");
        assert!(
            long.starts_with("Marie-Christine") && long.ends_with("\u{2026} (-1234)"),
            "{long}"
        );
        let wide = race_label(10, &"W".repeat(120), "-1234");
        assert!(
            wide.starts_with("WWWWWWW") && wide.ends_with("\u{2026} (-1234)"),
            "{wide}"
        );
        for l in [long, wide] {
            assert!(text_width(&format!("10. {l}")) <= LABEL_ROOM, "{l}");
        }
    }

    #[test]
    fn histogram_bins_cover_every_value() {
        let (w, b) = bins(&[-590, -110, -60, 0, 0, 26, 330, 1770], 16);
        assert_eq!(w, 200);
        assert_eq!(b.first(), Some(&(-600, 1)));
        assert_eq!(b.last(), Some(&(1600, 1)));
        assert_eq!(b.iter().map(|x| x.1).sum::<u32>(), 8);
        // -110 and -60 share the bin from -200.
        assert_eq!(b[2], (-200, 2));
        assert_eq!(bins(&[], 16).1, vec![]);
    }

    fn line(player: i32, rank: u32, cumulative: &[i64]) -> RaceLine {
        RaceLine {
            player: PlayerId::new(player),
            name: format!("P{player}"),
            rank,
            cumulative: cumulative.to_vec(),
        }
    }

    #[test]
    fn the_race_puts_one_polyline_per_player_and_highlights_the_top() {
        let lines: Vec<RaceLine> = (1..=12)
            .map(|i| line(i, i as u32, &[0, i64::from(120 - 10 * i), i64::from(240 - 20 * i)]))
            .collect();
        let c = RaceChart::new(&lines, Highlight::Top(10), Words::default());
        assert_eq!(c.paths.len(), 12);
        assert_eq!(c.paths.iter().filter(|p| p.highlight).count(), 10);
        // Plain lines first; the leader drawn last, on top.
        assert!(!c.paths[0].highlight && !c.paths[1].highlight);
        assert_eq!(c.paths.last().unwrap().player, PlayerId::new(1));
        // Rounds 0, 1, 2 at x 64, 289, 514 (the plot from 64 to 720 − 16 −
        // 190); the scale 0..250 (ticks of 50) from y 368 up to 16: the
        // leader's 0, 110, 220 at 368 − v × 352 / 250.
        let leader = c.paths.last().unwrap();
        assert_eq!(leader.points, "64,368 289,213.1 514,58.2");
        assert_eq!(leader.name, "P1 (220)");
        let svg = svg(&c);
        assert_eq!(svg.matches("<polyline").count(), 12);
        assert!(svg.contains("data-player=\"12\""), "{svg}");
        // On a player's page only their line stands out.
        let c = RaceChart::new(&lines, Highlight::Player(PlayerId::new(5)), Words::default());
        let high: Vec<PlayerId> = c.paths.iter().filter(|p| p.highlight).map(|p| p.player).collect();
        assert_eq!(high, vec![PlayerId::new(5)]);
    }

    #[test]
    fn contract_rows_show_taken_and_made() {
        let rows = vec![
            ("Petite".to_owned(), Taken { taken: 4, won: 3 }),
            ("Garde".to_owned(), Taken { taken: 8, won: 4 }),
        ];
        let c = BarChart::contracts(
            &rows,
            |t| format!("{}/{}", t.won, t.taken),
            ("taken".into(), "made".into()),
            Words::default(),
        );
        // 0..8 over the plot's width: garde fills it, its made part half.
        let (x0, x1) = (c.plot.0, c.plot.2);
        assert_eq!(c.bars[1].full.2, x1 - x0);
        assert_eq!(c.bars[1].part, (x1 - x0) / 2.0);
        assert_eq!(c.bars[0].note, "3/4");
        let svg = svg(&c);
        assert!(svg.contains(">Garde<"), "{svg}");
        assert!(svg.contains(r#"<title id="contracts-title">"#), "{svg}");
    }
}
