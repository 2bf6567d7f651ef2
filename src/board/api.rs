//! The HTTP API (documented in docs/board.md): per-tab sessions, each with its
//! own game; every answer JSON (PGN as text), every refusal a 4xx with a message.

use super::entry;
use super::game::{new_table, BoardGame};
use super::search::{CancelOnDrop, Engines, InfoJson, SearchRequest};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_stream::StreamExt;

/// Most sessions kept; the least recently used goes first past it.
const MAX_SESSIONS: usize = 256;
/// A request body larger than this is refused.
const MAX_BODY: usize = 1 << 20;

/// One tab's game and its running search.
struct Tab {
    game: Box<dyn BoardGame>,
    /// The flag of the search in progress; set to stop it.
    search: Option<Arc<AtomicBool>>,
    used: Instant,
}

impl Tab {
    /// Stops the search in progress (a newer request supersedes it).
    fn stop_search(&mut self) -> bool {
        match self.search.take() {
            Some(f) => {
                f.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }
}

/// The server's state: sessions by id, the search limiter.
pub struct Board {
    tabs: Mutex<HashMap<String, Arc<Mutex<Tab>>>>,
    engines: Engines,
    counter: AtomicU64,
}

type Shared = Arc<Board>;

/// A refused request: status and message, sent as `{"error": "…"}`.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        log::debug!("{}: {}", self.0, self.1);
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

type ApiResult<T> = Result<T, ApiError>;

/// The game as the page shows it.
#[derive(Serialize)]
struct StateJson {
    id: String,
    variant: &'static str,
    initial_fen: String,
    fen: String,
    fens: Vec<String>,
    moves: Vec<String>,
    turn: &'static str,
    last_move: Option<String>,
    last_squares: Vec<String>,
    check: Option<String>,
    outcome: Option<OutcomeJson>,
    searching: bool,
}

#[derive(Serialize)]
struct OutcomeJson {
    result: &'static str,
    reason: String,
    /// `1-0 {White mates}`.
    text: String,
}

fn state(id: &str, tab: &Tab) -> StateJson {
    let g = &tab.game;
    let last = g.moves().last().cloned();
    StateJson {
        id: id.to_string(),
        variant: g.variant(),
        initial_fen: g.initial_fen().to_string(),
        fen: g.fens().last().cloned().unwrap_or_default(),
        fens: g.fens().to_vec(),
        moves: g.moves().to_vec(),
        turn: match g.turn() {
            crate::core::Color::White => "white",
            crate::core::Color::Black => "black",
        },
        last_squares: last.as_deref().map(entry::squares).unwrap_or_default(),
        last_move: last,
        check: g.check_square(),
        outcome: g.outcome().map(|o| OutcomeJson {
            result: o.result.as_str(),
            reason: o.reason.to_string(),
            text: o.to_string(),
        }),
        searching: tab.search.is_some(),
    }
}

/// Parses a JSON body, refusing malformed ones with serde's message.
fn body<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> ApiResult<T> {
    if bytes.len() > MAX_BODY {
        return Err(bad("request body too large"));
    }
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        bytes
    };
    serde_json::from_slice(bytes).map_err(|e| bad(format!("malformed JSON body: {e}")))
}

/// A new game's description.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: Option<String>,
    fen: Option<String>,
    /// Chess960 start array number (0–959).
    chess960: Option<u16>,
}

fn make_game(req: &NewGame) -> ApiResult<Box<dyn BoardGame>> {
    let variant = req.variant.as_deref().unwrap_or("chess");
    let name = super::names::canonical(variant).map_err(bad)?;
    let fen = match (req.chess960, &req.fen) {
        (Some(_), Some(_)) => return Err(bad("give either fen or chess960, not both")),
        (Some(n), None) => {
            if name != crate::variants::VariantId::Chess960.name() {
                return Err(bad(
                    "chess960 start arrays belong to the fischerandom variant",
                ));
            }
            Some(super::names::chess960_fen(n).map_err(bad)?)
        }
        (None, f) => f.clone(),
    };
    if fen.as_ref().is_some_and(|f| f.len() > 200) {
        return Err(bad("FEN too long"));
    }
    new_table(name, fen.as_deref()).map_err(bad)
}

impl Board {
    pub fn new(max_searches: usize) -> Shared {
        Arc::new(Board {
            tabs: Mutex::new(HashMap::new()),
            engines: Engines::new(max_searches),
            counter: AtomicU64::new(0),
        })
    }

    fn tab(&self, id: &str) -> ApiResult<Arc<Mutex<Tab>>> {
        self.tabs
            .lock()
            .expect("sessions lock")
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no session '{id}'")))
    }

    fn fresh_id(&self) -> String {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        format!("{:016x}", h.finish())
    }

    fn insert(&self, game: Box<dyn BoardGame>) -> (String, Arc<Mutex<Tab>>) {
        let id = self.fresh_id();
        let tab = Arc::new(Mutex::new(Tab {
            game,
            search: None,
            used: Instant::now(),
        }));
        let mut tabs = self.tabs.lock().expect("sessions lock");
        if tabs.len() >= MAX_SESSIONS {
            let oldest = tabs
                .iter()
                .min_by_key(|(_, t)| t.lock().map(|t| t.used).unwrap_or_else(|_| Instant::now()))
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                if let Some(t) = tabs.remove(&k) {
                    if let Ok(mut t) = t.lock() {
                        t.stop_search();
                    }
                }
            }
        }
        tabs.insert(id.clone(), tab.clone());
        (id, tab)
    }
}

fn lock(tab: &Arc<Mutex<Tab>>) -> std::sync::MutexGuard<'_, Tab> {
    let mut t = tab.lock().unwrap_or_else(|p| p.into_inner());
    t.used = Instant::now();
    t
}

async fn create(State(b): State<Shared>, bytes: axum::body::Bytes) -> ApiResult<Json<StateJson>> {
    let req: NewGame = body(&bytes)?;
    let game = make_game(&req)?;
    let (id, tab) = b.insert(game);
    let t = lock(&tab);
    Ok(Json(state(&id, &t)))
}

async fn get_state(State(b): State<Shared>, Path(id): Path<String>) -> ApiResult<Json<StateJson>> {
    let tab = b.tab(&id)?;
    let t = lock(&tab);
    Ok(Json(state(&id, &t)))
}

async fn new_game(
    State(b): State<Shared>,
    Path(id): Path<String>,
    bytes: axum::body::Bytes,
) -> ApiResult<Json<StateJson>> {
    let tab = b.tab(&id)?;
    let req: NewGame = body(&bytes)?;
    let game = make_game(&req)?;
    let mut t = lock(&tab);
    t.stop_search();
    t.game = game;
    Ok(Json(state(&id, &t)))
}

async fn targets(
    State(b): State<Shared>,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Json<entry::Targets>> {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let prefix = entry::parse_prefix(q.get("prefix").map_or("", String::as_str)).map_err(bad)?;
    let tab = b.tab(&id)?;
    let t = tokio::task::spawn_blocking(move || lock(&tab).game.targets(&prefix))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    t.map(Json).map_err(bad)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(b): State<Shared>,
    Path(id): Path<String>,
    bytes: axum::body::Bytes,
) -> ApiResult<Json<StateJson>> {
    let req: MoveReq = body(&bytes)?;
    if req.mv.len() > 400 {
        return Err(bad("move too long"));
    }
    let tab = b.tab(&id)?;
    let id2 = id.clone();
    tokio::task::spawn_blocking(move || {
        let mut t = lock(&tab);
        t.stop_search();
        t.game.play(&req.mv).map_err(bad)?;
        Ok(Json(state(&id2, &t)))
    })
    .await
    .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TakebackReq {
    plies: Option<usize>,
}

async fn takeback(
    State(b): State<Shared>,
    Path(id): Path<String>,
    bytes: axum::body::Bytes,
) -> ApiResult<Json<StateJson>> {
    let req: TakebackReq = body(&bytes)?;
    let tab = b.tab(&id)?;
    let mut t = lock(&tab);
    t.stop_search();
    let n = req.plies.unwrap_or(1);
    if n > t.game.moves().len() {
        return Err(bad(format!(
            "cannot take back {n} moves: {} played",
            t.game.moves().len()
        )));
    }
    for _ in 0..n {
        t.game.undo();
    }
    Ok(Json(state(&id, &t)))
}

async fn pgn_export(State(b): State<Shared>, Path(id): Path<String>) -> ApiResult<Response> {
    let tab = b.tab(&id)?;
    let text = super::pgn::export(lock(&tab).game.as_ref());
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

async fn pgn_import(
    State(b): State<Shared>,
    Path(id): Path<String>,
    bytes: axum::body::Bytes,
) -> ApiResult<Json<StateJson>> {
    if bytes.len() > MAX_BODY {
        return Err(bad("PGN too long"));
    }
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| bad("PGN is not UTF-8"))?
        .to_string();
    let tab = b.tab(&id)?;
    let game = tokio::task::spawn_blocking(move || super::pgn::import(&text))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(bad)?;
    let mut t = lock(&tab);
    t.stop_search();
    t.game = game;
    Ok(Json(state(&id, &t)))
}

/// Starts a search of the tab's game, superseding any other of the tab.
fn begin_search(
    tab: &Arc<Mutex<Tab>>,
) -> ApiResult<(
    Box<dyn crate::protocol::engine::GameBox>,
    Arc<AtomicBool>,
    usize,
)> {
    let mut t = lock(tab);
    if let Some(o) = t.game.outcome() {
        return Err(bad(format!("the game is over: {o}")));
    }
    t.stop_search();
    let flag = Arc::new(AtomicBool::new(false));
    t.search = Some(flag.clone());
    Ok((t.game.engine(), flag, t.game.moves().len()))
}

fn end_search(tab: &Arc<Mutex<Tab>>, flag: &Arc<AtomicBool>) {
    let mut t = lock(tab);
    if t.search.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag)) {
        t.search = None;
    }
}

/// The engine's move: searched, then played, unless the game changed meanwhile.
async fn engine_move(
    State(b): State<Shared>,
    Path(id): Path<String>,
    bytes: axum::body::Bytes,
) -> ApiResult<Json<StateJson>> {
    let req: SearchRequest = body(&bytes)?;
    req.limits().map_err(bad)?;
    let req = SearchRequest {
        movetime: req
            .movetime
            .or(if req.depth.is_none() && req.nodes.is_none() {
                Some(1000)
            } else {
                None
            }),
        ..req
    };
    let tab = b.tab(&id)?;
    let (engine, flag, plies) = begin_search(&tab)?;
    let fen = lock(&tab).game.fens().last().cloned().unwrap_or_default();
    let _guard = CancelOnDrop(flag.clone());
    let done = b
        .engines
        .search(engine, &req, flag.clone(), None)
        .await
        .map_err(bad);
    end_search(&tab, &flag);
    let done = done?;
    let mut t = lock(&tab);
    if t.game.moves().len() != plies || t.game.fens().last() != Some(&fen) {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "the game changed during the search".into(),
        ));
    }
    match done.and_then(|d| d.best) {
        Some(best) => {
            t.game
                .play(&best)
                .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
            Ok(Json(state(&id, &t)))
        }
        None => Err(ApiError(
            StatusCode::CONFLICT,
            "the search was stopped".into(),
        )),
    }
}

async fn engine_stop(
    State(b): State<Shared>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let tab = b.tab(&id)?;
    let stopped = lock(&tab).stop_search();
    Ok(Json(serde_json::json!({ "stopped": stopped })))
}

/// Analysis streamed as server-sent events: `queued` (waiting for a free
/// search), `info` per iteration, `done` at the end. Closing the stream stops it.
async fn analysis(
    State(b): State<Shared>,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Sse<impl tokio_stream::Stream<Item = Result<Event, std::convert::Infallible>>>> {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let num = |k: &str| -> ApiResult<Option<u64>> {
        q.get(k)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| bad(format!("{k}: '{v}' is not a number")))
            })
            .transpose()
    };
    for k in q.keys() {
        if !["movetime", "depth", "nodes", "threads", "multipv"].contains(&k.as_str()) {
            return Err(bad(format!("unknown parameter '{k}'")));
        }
    }
    let req = SearchRequest {
        movetime: num("movetime")?,
        depth: num("depth")?.map(|d| d.min(1000) as i32),
        nodes: num("nodes")?,
        threads: num("threads")?.map(|t| t.min(100_000) as usize),
        multipv: num("multipv")?.map(|m| m.min(100) as usize),
    };
    req.limits().map_err(bad)?;
    let tab = b.tab(&id)?;
    let (engine, flag, _) = begin_search(&tab)?;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<InfoJson>();
    let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    if b.engines.busy() {
        let _ = out_tx.send(
            Event::default()
                .event("queued")
                .data(format!("{{\"max_searches\":{}}}", b.engines.max_searches)),
        );
    }
    let b2 = b.clone();
    let flag2 = flag.clone();
    tokio::spawn(async move {
        let mut rx = rx;
        let fwd = out_tx.clone();
        let relay = tokio::spawn(async move {
            while let Some(i) = rx.recv().await {
                let data = serde_json::to_string(&i).unwrap_or_default();
                if fwd.send(Event::default().event("info").data(data)).is_err() {
                    break;
                }
            }
        });
        let done = b2
            .engines
            .search(engine, &req, flag2.clone(), Some(tx))
            .await;
        let _ = relay.await;
        end_search(&tab, &flag2);
        let data = match done {
            Ok(Some(d)) => serde_json::json!({
                "best": d.best,
                "info": InfoJson::from(&d.info),
            }),
            Ok(None) => serde_json::json!({ "best": null }),
            Err(e) => serde_json::json!({ "error": e }),
        };
        let _ = out_tx.send(Event::default().event("done").data(data.to_string()));
    });
    // The stream owns the guard: when the tab closes the stream, the search stops.
    let guard = CancelOnDrop(flag);
    let stream = tokio_stream::wrappers::UnboundedReceiverStream::new(out_rx).map(move |e| {
        let _ = &guard;
        Ok(e)
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(5))))
}

async fn close(
    State(b): State<Shared>,
    Path(id): Path<String>,
) -> ApiResult<Json<serde_json::Value>> {
    let tab = b.tabs.lock().expect("sessions lock").remove(&id);
    match tab {
        Some(t) => {
            lock(&t).stop_search();
            Ok(Json(serde_json::json!({ "closed": true })))
        }
        None => Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("no session '{id}'"),
        )),
    }
}

#[derive(Serialize)]
struct VariantJson {
    name: &'static str,
    start_fen: &'static str,
}

async fn variants() -> Json<Vec<VariantJson>> {
    Json(
        super::names::all()
            .iter()
            .map(|n| VariantJson {
                name: n,
                start_fen: super::names::start_fen(n).unwrap_or_default(),
            })
            .collect(),
    )
}

async fn fallback() -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        "no such endpoint (see docs/board.md)".into(),
    )
}

/// Every route: the page's assets and the API.
pub fn router(board: Shared) -> Router {
    Router::new()
        .merge(super::assets::routes())
        .route("/api/variants", get(variants))
        .route("/api/session", post(create))
        .route("/api/session/{id}", get(get_state))
        .route("/api/session/{id}/new", post(new_game))
        .route("/api/session/{id}/targets", get(targets))
        .route("/api/session/{id}/move", post(play))
        .route("/api/session/{id}/takeback", post(takeback))
        .route("/api/session/{id}/pgn", get(pgn_export).post(pgn_import))
        .route("/api/session/{id}/engine/move", post(engine_move))
        .route("/api/session/{id}/engine/stop", post(engine_stop))
        .route("/api/session/{id}/analysis", get(analysis))
        .route("/api/session/{id}/close", post(close))
        .fallback(fallback)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(board)
}
