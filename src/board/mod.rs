//! `zest board`: a local web server with a page to play, analyse and watch all
//! seven games in a browser. The rules stay here in Rust: the page asks the
//! server which clicks are legal, and the server plays and adjudicates the
//! moves with the same [`crate::variants`] code as the engine and the tournament.

pub mod api;
pub mod assets;
pub mod entry;
pub mod game;
pub mod names;
pub mod pgn;
pub mod search;

use std::net::{IpAddr, SocketAddr};

/// The port tried first; when taken, the system picks a free one.
pub const DEFAULT_PORT: u16 = 8960;

/// How `zest board` was asked to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub host: IpAddr,
    /// None: [`DEFAULT_PORT`], else any free port.
    pub port: Option<u16>,
    pub open: bool,
    /// Searches that may run at once; others wait.
    pub max_searches: usize,
}

/// Binds, prints the URL on stdout (the only thing printed there), opens it
/// when asked, and serves until the process ends.
pub fn run(opts: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(async move {
        let listener = match opts.port {
            Some(p) => tokio::net::TcpListener::bind(SocketAddr::new(opts.host, p))
                .await
                .map_err(|e| format!("cannot listen on {}:{p}: {e}", opts.host))?,
            None => match tokio::net::TcpListener::bind(SocketAddr::new(opts.host, DEFAULT_PORT))
                .await
            {
                Ok(l) => l,
                Err(e) => {
                    log::info!("port {DEFAULT_PORT} unavailable ({e}); taking a free one");
                    tokio::net::TcpListener::bind(SocketAddr::new(opts.host, 0))
                        .await
                        .map_err(|e| format!("cannot listen on {}: {e}", opts.host))?
                }
            },
        };
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let url = format!("http://{addr}/");
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{url}");
            let _ = out.flush();
        }
        if opts.open {
            if let Err(e) = webbrowser::open(&url) {
                log::warn!("cannot open a browser: {e}");
            }
        }
        let app = api::router(api::Board::new(opts.max_searches));
        axum::serve(listener, app)
            .await
            .map_err(|e| format!("server failed: {e}"))
    })
}
