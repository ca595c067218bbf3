//! The dashboard's list of players a page at a time.

/// Players listed on one page of the dashboard. A tournament with more
/// lists them a page at a time (the pages' links), and a search lists every
/// match, a page at a time too: 2,000 rows would be megabytes on a phone.
pub const PAGE: usize = 200;

/// Which of the matching players a dashboard page lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pager {
    /// This page, from 1.
    pub page: usize,
    /// Pages of matches.
    pub pages: usize,
    /// Players matching the search (all of them without one).
    pub matched: usize,
    /// Whether the list is listed a page at a time (more than [`PAGE`]
    /// players): then only the page's matches are sent, and the search box
    /// asks the server.
    pub partial: bool,
}

impl Pager {
    /// Page `page` (clamped to the pages there are) of `matched` matches
    /// among `total` players.
    pub fn of(matched: usize, total: usize, page: usize) -> Pager {
        let pages = matched.div_ceil(PAGE).max(1);
        Pager {
            page: page.clamp(1, pages),
            pages,
            matched,
            partial: total > PAGE,
        }
    }

    /// The matches this page lists: from index `.0` (0-based) to `.1` (excluded).
    pub fn window(&self) -> (usize, usize) {
        let from = (self.page - 1) * PAGE;
        (from.min(self.matched), (from + PAGE).min(self.matched))
    }

    /// The rows to render: every row (the search box hides some) when the
    /// list is whole, the page's matches (`shown`) when it is partial.
    pub fn rows<'a, T>(&self, rows: &'a [T], shown: impl Fn(&T) -> bool) -> Vec<&'a T> {
        if !self.partial {
            return rows.iter().collect();
        }
        let (from, to) = self.window();
        rows.iter().filter(|r| shown(r)).skip(from).take(to - from).collect()
    }
}
