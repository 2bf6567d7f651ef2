//! The page, embedded in the binary: plain JS modules, CSS and SVG, no build step.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// (path, content type, body) of every file the page loads.
pub const FILES: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("web/board.js"),
    ),
    (
        "/pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("web/pieces.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("web/style.css"),
    ),
];

/// Routes serving [`FILES`].
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut r = Router::new();
    for &(path, ty, body) in FILES {
        r = r.route(
            path,
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, ty),
                        (header::CACHE_CONTROL, "no-cache"),
                    ],
                    body,
                )
                    .into_response()
            }),
        );
    }
    r
}
