// Draws the state machines of state-machines.ts as SVG and puts them into info.description (docs "QA states") in place
// of the text form the contract carries for other renderers.
import { STATE_MACHINES, type State, type StateMachine, type Transition } from './state-machines.js';

type Node = Record<string, unknown>;

const COLUMN_WIDTH = 180;
const ROW_HEIGHT = 120;
const BOX_WIDTH = 130;
const BOX_HEIGHT = 46;
const MARGIN = 16;
const TOP = 40;
const LINE_HEIGHT = 14;
/** Rough width of one character at the label size; only used to size the picture. */
const CHAR_WIDTH = 6.8;
/** How far apart two arrows between the same states (one each way) run. */
const PAIR_OFFSET = 12;

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Point {
  x: number;
  y: number;
}

const centre = (state: State): Point => ({
  x: MARGIN + state.column * COLUMN_WIDTH + BOX_WIDTH / 2,
  y: TOP + state.row * ROW_HEIGHT + BOX_HEIGHT / 2,
});

/** Where the line from the box's centre towards `toward` leaves the box. */
function edge(from: Point, toward: Point): Point {
  const dx = toward.x - from.x;
  const dy = toward.y - from.y;
  const scale = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : BOX_WIDTH / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : BOX_HEIGHT / 2 / Math.abs(dy),
  );
  return { x: from.x + dx * scale, y: from.y + dy * scale };
}

/** `PATCH /features/qa/sessions/cases/` for an operationId of the document. */
function requestLine(document: Node, operationId: string): string {
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const [method, operation] of Object.entries(item)) {
      if ((operation as Node | undefined)?.operationId === operationId) return `${method.toUpperCase()} ${path}`;
    }
  }
  throw new Error(`diagram: no operation ${operationId} in the contract`);
}

interface Drawn {
  svg: string;
  /** Leftmost, rightmost and lowest points used, to size the picture. */
  left: number;
  right: number;
  bottom: number;
}

function drawState(state: State): Drawn {
  const { x, y } = centre(state);
  const left = x - BOX_WIDTH / 2;
  const top = y - BOX_HEIGHT / 2;
  const dash = state.note ? ' stroke-dasharray="5 4"' : '';
  const fill = state.note ? '#ffffff' : '#eef3fb';
  const label = state.detail
    ? `<text x="${x}" y="${y - 3}" class="label">${escapeXml(state.label)}</text><text x="${x}" y="${y + 13}" class="detail">${escapeXml(state.detail)}</text>`
    : `<text x="${x}" y="${y + 5}" class="label">${escapeXml(state.label)}</text>`;
  return {
    svg: `<g><rect x="${left}" y="${top}" width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="10" class="${state.note ? 'state note-state' : 'state'}" fill="${fill}" stroke="#2d5fa8" stroke-width="1.5"${dash}/>${label}</g>`,
    left,
    right: left + BOX_WIDTH,
    bottom: top + BOX_HEIGHT,
  };
}

function drawTransition(machine: StateMachine, transition: Transition, document: Node): Drawn {
  const byId = (id: string): State => {
    const state = machine.states.find((s) => s.id === id);
    if (!state) throw new Error(`diagram ${machine.id}: no state ${id}`);
    return state;
  };
  const a = centre(byId(transition.from));
  const b = centre(byId(transition.to));
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const normal = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
  const paired = machine.transitions.some((t) => t.from === transition.to && t.to === transition.from);
  const shift = paired ? PAIR_OFFSET / 2 : 0;
  const from = edge(a, b);
  const to = edge(b, a);
  const start = { x: from.x + normal.x * shift, y: from.y + normal.y * shift };
  const end = { x: to.x + normal.x * shift, y: to.y + normal.y * shift };
  if (transition.operationId) requestLine(document, transition.operationId);
  const lines = [...(transition.verb ? [transition.verb] : []), ...transition.lines];
  const mid = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
  const side = transition.labelSide ?? 'right';
  const height = lines.length * LINE_HEIGHT;
  let anchor = 'start';
  let y = mid.y - height / 2 + LINE_HEIGHT - 3;
  if (side === 'left') anchor = 'end';
  else if (side === 'above') {
    anchor = 'middle';
    y = mid.y - height - PAIR_OFFSET + LINE_HEIGHT - 3;
  } else if (side === 'below') {
    anchor = 'middle';
    y = mid.y + PAIR_OFFSET + LINE_HEIGHT - 3;
  }
  // Beside a slanted arrow each line of the label follows the arrow, so no line crosses it.
  const lineX = (at: number): number =>
    end.y === start.y ? mid.x : start.x + ((at - start.y) * (end.x - start.x)) / (end.y - start.y);
  const xOf = (i: number): number => {
    if (side === 'above' || side === 'below') return mid.x;
    const top = y + i * LINE_HEIGHT - LINE_HEIGHT + 3;
    const xs = [lineX(top), lineX(top + LINE_HEIGHT)];
    return side === 'right' ? Math.max(...xs) + 10 : Math.min(...xs) - 10;
  };
  const text = lines
    .map((line, i) => {
      const cls = i === 0 && transition.verb ? 'note verb' : 'note';
      return `<text x="${xOf(i).toFixed(1)}" y="${(y + i * LINE_HEIGHT).toFixed(1)}" text-anchor="${anchor}" class="${cls}">${escapeXml(line)}</text>`;
    })
    .join('');
  const spans = lines.map((line, i) => {
    const w = line.length * CHAR_WIDTH;
    const x = xOf(i);
    return anchor === 'start' ? [x, x + w] : anchor === 'middle' ? [x - w / 2, x + w / 2] : [x - w, x];
  });
  const left = Math.min(...spans.map(([l]) => l as number));
  const right = Math.max(...spans.map(([, r]) => r as number));
  return {
    svg: `<g><line x1="${start.x.toFixed(1)}" y1="${start.y.toFixed(1)}" x2="${end.x.toFixed(1)}" y2="${end.y.toFixed(1)}" class="move" stroke="#333" stroke-width="1.5" marker-end="url(#arrow)"/>${text}</g>`,
    left,
    right,
    bottom: y + (lines.length - 1) * LINE_HEIGHT + 4,
  };
}

/** The legend under the picture: each move's short name with the method and path the contract gives it. */
function drawLegend(machine: StateMachine, document: Node, top: number): Drawn {
  const entries = new Map<string, string>();
  for (const t of machine.transitions) {
    if (t.verb && t.operationId) entries.set(t.verb, requestLine(document, t.operationId));
  }
  const text = [...entries]
    .map(([verb, request], i) => {
      const y = top + LINE_HEIGHT * (i + 1);
      return `<text x="${MARGIN}" y="${y}" class="legend"><tspan class="verb">${escapeXml(verb)}</tspan> = ${escapeXml(request)}</text>`;
    })
    .join('');
  const widest = Math.max(0, ...[...entries].map(([verb, request]) => verb.length + 3 + request.length));
  return {
    svg: `<g>${text}</g>`,
    left: MARGIN,
    right: MARGIN + widest * CHAR_WIDTH,
    bottom: top + LINE_HEIGHT * entries.size + 4,
  };
}

/** One self-contained SVG picture of a state machine; the legend gives each move's method and path from the contract. */
export function renderStateMachine(machine: StateMachine, document: Node): string {
  const parts = [
    ...machine.states.map(drawState),
    ...machine.transitions.map((t) => drawTransition(machine, t, document)),
  ];
  parts.push(drawLegend(machine, document, Math.max(...parts.map((p) => p.bottom)) + 8));
  const minX = Math.floor(Math.min(0, ...parts.map((p) => p.left - MARGIN)));
  const width = Math.ceil(Math.max(...parts.map((p) => p.right)) + MARGIN) - minX;
  const height = Math.ceil(Math.max(...parts.map((p) => p.bottom)) + MARGIN);
  const headings = machine.headings
    .map((h) => {
      const x = MARGIN + h.column * COLUMN_WIDTH + BOX_WIDTH / 2;
      return `<text x="${x}" y="${TOP + h.row * ROW_HEIGHT - 10}" class="heading">${escapeXml(h.text)}</text>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${minX} 0 ${width} ${height}" role="img" aria-label="${escapeXml(machine.alt)}">`,
    `<title>${escapeXml(machine.title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="head" fill="#333"/></marker></defs>',
    '<style>text{font-family:Helvetica,Arial,sans-serif;fill:#222}.label{font-size:14px;font-weight:bold;text-anchor:middle}.detail{font-size:11px;text-anchor:middle;fill:#555}.heading{font-size:15px;font-weight:bold;text-anchor:middle;fill:#2d5fa8}.note{font-size:11px;fill:#444}.verb{font-weight:bold;fill:#7a2e0e}.legend{font-family:Menlo,Consolas,monospace;font-size:10.5px;fill:#333}' +
      // Dark when the reader's system is (as the reference is): CSS outranks the drawing's colour attributes.
      '@media (prefers-color-scheme:dark){.bg{fill:#1b1d21}.state{fill:#22324a;stroke:#7fa6e6}.note-state{fill:#1b1d21}text{fill:#e3e5e8}.detail{fill:#b8bec8}.heading{fill:#8fb3ef}.note{fill:#c5cad2}.verb{fill:#f2a27c}.legend{fill:#d0d4da}.move{stroke:#c9ccd1}.head{fill:#c9ccd1}}</style>',
    `<rect x="${minX}" width="${width}" height="${height}" class="bg" fill="#ffffff"/>`,
    headings,
    ...parts.map((p) => p.svg),
    '</svg>',
  ].join('');
}

/**
 * A state machine's text form in the contract: a fenced block whose info string is `text diagram:<id>`. Every renderer
 * shows it as preformatted text (Redoc, Redocly's build, Swagger UI, Scalar, Elements); the kit's own page shows the
 * SVG in its place.
 */
const MARKER = /^```text diagram:([a-z-]+)\n([\s\S]*?)\n```$/gm;

const words = (text: string): string => text.replace(/\s+/g, ' ');

/** What the text form of `machine` fails to name: a state, a move, or the method and path of a move. */
export function missingFromText(machine: StateMachine, text: string, document: Node): string[] {
  const flat = words(text);
  const wanted = [
    ...machine.states.map((s) => s.label),
    ...machine.transitions.flatMap((t) => (t.verb ? [t.verb] : [])),
    ...machine.transitions.flatMap((t) => (t.operationId ? [requestLine(document, t.operationId)] : [])),
  ];
  return [...new Set(wanted)].filter((w) => !flat.includes(w));
}

/**
 * The Markdown with every `text diagram:<id>` block replaced by the machine's SVG as a `data:` image: Redoc shows it,
 * and the page needs no network. Fails on a block without a machine, on a machine without a block, and on a block
 * that no longer names every state, move and request of its machine.
 */
export function injectDiagrams(markdown: string, document: Node, machines: StateMachine[] = STATE_MACHINES): string {
  const used = new Set<string>();
  const out = markdown.replace(MARKER, (_whole, id: string, text: string) => {
    const machine = machines.find((m) => m.id === id);
    if (!machine) throw new Error(`diagram:${id} in info.description names no state machine`);
    const missing = missingFromText(machine, text, document);
    if (missing.length > 0) throw new Error(`the text form of diagram:${id} does not name ${missing.join(', ')}`);
    used.add(id);
    const data = Buffer.from(renderStateMachine(machine, document), 'utf8').toString('base64');
    // Raw HTML: Redoc's Markdown leaves an image with a data: URL as text.
    return `<img alt="${escapeXml(machine.alt)}" src="data:image/svg+xml;base64,${data}" style="max-width: 100%; height: auto">`;
  });
  const unused = machines.filter((m) => !used.has(m.id)).map((m) => m.id);
  if (unused.length > 0) throw new Error(`info.description has no diagram:${unused.join(', diagram:')} block`);
  return out;
}
