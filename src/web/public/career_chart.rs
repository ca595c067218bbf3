//! The chart of a player's rating (docs/rating.md) after each tournament
//! they played: one line over the tournaments in order, a dot for each with
//! its date, name and rating on hover, and the club's mean (1500) drawn
//! across. Laid out here; `templates/charts/rating.svg` writes it out.

use askama::Template;

use crate::web::charts::{fmt, nice_ticks, Scale, Tick, Words};
use crate::web::filters;

/// The rating every player starts from: the mean of everyone rated.
pub const MEAN: f64 = 1500.0;
/// The chart's width: narrower than the tournaments' charts, so that its
/// words stay readable on a phone.
const WIDTH: f64 = 520.0;
/// The chart's height.
const HEIGHT: f64 = 280.0;
/// The plot's margins: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (64.0, 24.0, 16.0, 52.0);

/// A tournament's dot.
#[derive(Debug, Clone, PartialEq)]
pub struct Dot {
    /// Where: x, y.
    pub at: (f64, f64),
    /// "28 novembre 2026, Tournoi du mardi : 1512,3".
    pub title: String,
}

/// A player's rating, tournament after tournament.
#[derive(Debug, Clone, Template)]
#[template(path = "charts/rating.svg")]
pub struct RatingChart {
    /// Words.
    pub words: Words,
    /// Plot area: left, top, right, bottom.
    pub plot: (f64, f64, f64, f64),
    /// Ticks of the tournaments (1, 2, …).
    pub x_ticks: Vec<Tick>,
    /// Ticks of the rating.
    pub y_ticks: Vec<Tick>,
    /// The mean's y.
    pub mean: f64,
    /// The polyline's points.
    pub points: String,
    /// The dots.
    pub dots: Vec<Dot>,
}

impl RatingChart {
    /// Lays out the ratings `values` (each tournament's title and the
    /// rating after it, in order), `decimal` writing the ticks' numbers;
    /// none for no value.
    pub fn new(values: &[(String, f64)], words: Words, decimal: &dyn Fn(i64) -> String) -> Option<RatingChart> {
        if values.is_empty() {
            return None;
        }
        let (ml, mr, mt, mb) = MARGIN;
        let plot = (ml, mt, WIDTH - mr, HEIGHT - mb);
        let lo = values.iter().map(|v| v.1).fold(MEAN, f64::min).floor() as i64;
        let hi = values.iter().map(|v| v.1).fold(MEAN, f64::max).ceil() as i64;
        let ticks = nice_ticks(lo, hi, 5);
        let ys = Scale {
            v0: *ticks.first().unwrap_or(&lo) as f64,
            v1: *ticks.last().unwrap_or(&hi) as f64,
            c0: plot.3,
            c1: plot.1,
        };
        let n = values.len();
        let xs = Scale {
            v0: 1.0,
            v1: n.max(2) as f64,
            c0: plot.0 + 12.0,
            c1: plot.2 - 12.0,
        };
        let every = n.div_ceil(12).max(1);
        let x_ticks = (1..=n)
            .filter(|i| (i - 1) % every == 0 || *i == n)
            .map(|i| Tick {
                at: xs.at(i as f64),
                label: i.to_string(),
            })
            .collect();
        let y_ticks = ticks
            .iter()
            .map(|v| Tick {
                at: ys.at(*v as f64),
                label: decimal(*v),
            })
            .collect();
        let dots: Vec<Dot> = values
            .iter()
            .enumerate()
            .map(|(i, (title, v))| Dot {
                at: (xs.at((i + 1) as f64), ys.at(*v)),
                title: title.clone(),
            })
            .collect();
        let points = dots
            .iter()
            .map(|d| format!("{},{}", fmt(d.at.0), fmt(d.at.1)))
            .collect::<Vec<_>>()
            .join(" ");
        Some(RatingChart {
            words,
            plot,
            x_ticks,
            y_ticks,
            mean: ys.at(MEAN),
            points,
            dots,
        })
    }

    /// The chart's width.
    pub fn width(&self) -> f64 {
        WIDTH
    }

    /// The chart's height.
    pub fn height(&self) -> f64 {
        HEIGHT
    }

    /// A coordinate as written in the SVG.
    pub fn n<V: std::borrow::Borrow<f64>>(&self, v: V) -> String {
        fmt(*v.borrow())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(values: &[f64]) -> RatingChart {
        let values: Vec<(String, f64)> = values.iter().map(|v| (format!("{v}"), *v)).collect();
        RatingChart::new(&values, Words::default(), &|v| v.to_string()).expect("a chart")
    }

    #[test]
    fn a_higher_rating_is_drawn_higher_and_the_mean_is_in_view() {
        let c = chart(&[1480.0, 1512.5, 1530.0]);
        assert_eq!(c.dots.len(), 3);
        assert!(c.dots[0].at.1 > c.dots[1].at.1 && c.dots[1].at.1 > c.dots[2].at.1);
        assert!(c.dots[0].at.0 < c.dots[1].at.0);
        assert!(c.mean < c.dots[0].at.1 && c.mean > c.dots[1].at.1);
        let (top, bottom) = (c.plot.1, c.plot.3);
        assert!(c.y_ticks.iter().all(|t| t.at >= top - 0.01 && t.at <= bottom + 0.01));
        assert!(c.dots.iter().all(|d| d.at.1 >= top - 0.01 && d.at.1 <= bottom + 0.01));
    }

    #[test]
    fn one_tournament_is_one_dot_in_the_plot_and_none_is_no_chart() {
        let c = chart(&[1500.0]);
        assert_eq!(c.dots.len(), 1);
        assert!(c.dots[0].at.0 > c.plot.0 && c.dots[0].at.0 < c.plot.2);
        assert!(RatingChart::new(&[], Words::default(), &|v| v.to_string()).is_none());
    }
}
