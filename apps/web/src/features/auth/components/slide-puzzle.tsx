import {
  PUZZLE_TRACE_MAX_POINTS,
  type PuzzleScene,
  type PuzzleTracePoint,
} from '@exchange/contracts';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { usePuzzle, useVerifyPuzzle } from '../api/puzzle';

const KEY_STEP_PX = 2;

/** Adds a point to a drag trace, halving the older points when it is full. */
function record(trace: PuzzleTracePoint[], point: PuzzleTracePoint): void {
  if (trace.length >= PUZZLE_TRACE_MAX_POINTS - 1) {
    const kept = trace.filter((_, i) => i === 0 || i % 2 === 1);
    trace.splice(0, trace.length, ...kept);
  }
  trace.push({ t: Math.max(0, Math.round(point.t)), x: Math.round(point.x * 10) / 10 });
}

/**
 * The slide puzzle: the user drags the piece along a slider until it fills the hole of its own
 * shape (the others are decoys). The drag itself goes to the server, which alone knows the gap:
 * each position with its time since the puzzle arrived, the last one being the answer. A failed
 * answer loads a new puzzle.
 */
export function SlidePuzzle({
  scene,
  onSolved,
}: {
  scene: PuzzleScene;
  onSolved: (puzzleToken: string) => void;
}) {
  const { t } = useTranslation();
  const puzzle = usePuzzle(scene);
  const verify = useVerifyPuzzle();
  const [x, setX] = useState(0);
  const [failed, setFailed] = useState(false);
  const [solved, setSolved] = useState(false);
  const drag = useRef<{ startClientX: number; startX: number } | null>(null);
  const trace = useRef<PuzzleTracePoint[]>([]);

  const data = puzzle.data;
  const max = data ? data.width - data.pieceSize : 0;
  const clamp = (v: number) => Math.min(Math.max(v, 0), max);
  const busy = verify.isPending || solved;
  // Times count from the puzzle's arrival, which the server compares with its own clock.
  const sinceArrival = () => Date.now() - puzzle.dataUpdatedAt;

  function submit(position: number) {
    if (!data || busy) return;
    record(trace.current, { t: sinceArrival(), x: position });
    const points = trace.current;
    trace.current = [];
    verify.mutate(
      { puzzleId: data.puzzleId, trace: points },
      {
        onSuccess: (answer) => {
          setSolved(true);
          onSolved(answer.puzzleToken);
        },
        onError: () => {
          setFailed(true);
          setX(0);
          trace.current = [];
          void puzzle.refetch();
        },
      },
    );
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!data || busy) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { startClientX: e.clientX, startX: x };
    trace.current = [];
    record(trace.current, { t: sinceArrival(), x });
    setFailed(false);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = clamp(drag.current.startX + e.clientX - drag.current.startClientX);
    record(trace.current, { t: sinceArrival(), x: next });
    setX(next);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const started = drag.current;
    drag.current = null;
    if (!started) return;
    const final = clamp(started.startX + e.clientX - started.startClientX);
    setX(final);
    // A click without a drag is not an answer: the puzzle stays for a real try.
    if (Math.abs(final - started.startX) < 1) {
      trace.current = [];
      return;
    }
    submit(final);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!data || busy) return;
    const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      if (trace.current.length === 0) record(trace.current, { t: sinceArrival(), x });
      const next = clamp(x + (e.key === 'ArrowRight' ? step : -step));
      record(trace.current, { t: sinceArrival(), x: next });
      setFailed(false);
      setX(next);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      submit(x);
    }
  };

  if (puzzle.isPending || (puzzle.isFetching && !data)) {
    return (
      <div className="puzzle puzzle--loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('puzzle.loading')}
      </div>
    );
  }
  if (!data) {
    // Too many failures from this address: the server says how long to wait.
    const limited =
      puzzle.error instanceof ApiError && puzzle.error.code === '1008'
        ? puzzle.error.message
        : null;
    return (
      <div className="puzzle puzzle--loading" role="alert">
        {limited && <p className="puzzle__status puzzle__status--error">{limited}</p>}
        <button type="button" className="button" onClick={() => void puzzle.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const status = solved
    ? t('puzzle.solved')
    : verify.isPending
      ? t('puzzle.verifying')
      : failed
        ? t('puzzle.failed')
        : t('puzzle.instruction');
  return (
    <div className="puzzle" dir="ltr" style={{ width: data.width }} data-puzzle-id={data.puzzleId}>
      <div className="puzzle__picture" style={{ width: data.width, height: data.height }}>
        <img
          className="puzzle__background"
          src={data.background}
          width={data.width}
          height={data.height}
          alt=""
          draggable={false}
        />
        <img
          className="puzzle__piece"
          src={data.piece}
          width={data.pieceSize}
          height={data.pieceSize}
          alt=""
          draggable={false}
          style={{ left: x, top: data.pieceY }}
        />
      </div>
      <div
        className={`puzzle__track${failed ? ' puzzle__track--failed' : ''}${solved ? ' puzzle__track--solved' : ''}`}
      >
        <div className="puzzle__fill" style={{ width: x + data.pieceSize / 2 }} />
        <span className="puzzle__hint" aria-hidden="true">
          {x === 0 && !busy ? t('puzzle.track') : ''}
        </span>
        <div
          className="puzzle__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('puzzle.slider')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          aria-describedby="puzzle-keyboard-hint"
          style={{ left: x, width: data.pieceSize }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            trace.current = [];
          }}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 12h14M13 6l6 6-6 6" />
          </svg>
        </div>
      </div>
      <p className="visually-hidden" id="puzzle-keyboard-hint">
        {t('puzzle.keyboard')}
      </p>
      {/* Below the picture, where it hides no part of a hole. */}
      <div className="puzzle__footer">
        <p className={`puzzle__status${failed ? ' puzzle__status--error' : ''}`} role="status">
          {status}
        </p>
        <button
          type="button"
          className="puzzle__refresh icon-button"
          onClick={() => {
            setFailed(false);
            setX(0);
            trace.current = [];
            void puzzle.refetch();
          }}
          aria-label={t('puzzle.refresh')}
          disabled={busy}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          </svg>
        </button>
      </div>
    </div>
  );
}
