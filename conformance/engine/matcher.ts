// Finds every known secret in a text in one pass (docs/conformance.md, "No secrets in its output"): an Aho–Corasick
// automaton over the forms of the secrets, and a scan for JWT-shaped text; both cost time linear in the text, however
// many secrets there are and whatever the text holds.

/** Patterns shorter than this count only where they stand as a whole value (see `SecretMatcher`). */
export const SHORT = 4;

/** A code unit that continues a word: letters, digits, `_`, `-` and `.`. */
function wordish(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x2d ||
    code === 0x2e
  );
}

/** Spans [start, end) of a text, sorted and disjoint; touching spans are merged, so each becomes one mask. */
export type Spans = number[];

/** Adds [start, end) to spans whose ends come in ascending order: amortized constant time. */
function addSpan(spans: Spans, start: number, end: number): void {
  while (spans.length > 0 && (spans[spans.length - 1] as number) >= start) {
    const lastStart = spans[spans.length - 2] as number;
    spans.length -= 2;
    if (lastStart < start) start = lastStart;
  }
  spans.push(start, end);
}

/** Merges two span lists into one, sorted and disjoint. */
export function mergeSpans(a: Spans, b: Spans): Spans {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out: Spans = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const fromA = j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number));
    const start = (fromA ? a[i] : b[j]) as number;
    const end = (fromA ? a[i + 1] : b[j + 1]) as number;
    if (fromA) i += 2;
    else j += 2;
    if (out.length > 0 && (out[out.length - 1] as number) >= start) {
      if (end > (out[out.length - 1] as number)) out[out.length - 1] = end;
    } else out.push(start, end);
  }
  return out;
}

/** The text with every span replaced by `mask`. */
export function applySpans(text: string, spans: Spans, mask: string): string {
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (let k = 0; k < spans.length; k += 2) {
    out += text.slice(at, spans[k]) + mask;
    at = spans[k + 1] as number;
  }
  return out + text.slice(at);
}

/**
 * An Aho–Corasick automaton over UTF-16 code units. `spans` marks every character some pattern covers: a pattern of
 * SHORT code units or more wherever it occurs, even inside a word; a shorter one only where it stands as a whole
 * value (no letter, digit, `_`, `-` or `.` right before or after it), so that `"ab"`, `=ab&` and `Basic ab` are
 * covered but `abc` is not. Patterns are added at any time; the failure links are rebuilt on the next search.
 */
export class SecretMatcher {
  // Per node: most nodes have one child (the tail of one secret), kept in two numbers; a Map only where it branches.
  private readonly edgeCode: number[] = [-1];
  private readonly edgeNode: number[] = [0];
  private readonly branches: (Map<number, number> | undefined)[] = [undefined];
  private readonly depth: number[] = [0];
  private readonly ends: boolean[] = [false];
  /** The root's children by code unit: most characters of a text leave the automaton at the root. */
  private readonly rootNext = new Int32Array(0x10000).fill(-1);
  private fail: Int32Array = new Int32Array(1);
  /** The longest pattern of SHORT or more code units that ends at this node (its string's longest such suffix). */
  private longest: Int32Array = new Int32Array(1);
  /** Bit n set: a pattern of n < SHORT code units is a suffix of this node's string. */
  private shorts: Uint8Array = new Uint8Array(1);
  private built = true;
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(pattern: string): void {
    if (pattern === '') return;
    let node = 0;
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      let next = this.child(node, code);
      if (next === -1) {
        next = this.depth.length;
        this.edgeCode.push(-1);
        this.edgeNode.push(0);
        this.branches.push(undefined);
        this.depth.push(i + 1);
        this.ends.push(false);
        this.link(node, code, next);
      }
      node = next;
    }
    if (this.ends[node]) return;
    this.ends[node] = true;
    this.count++;
    this.built = false;
  }

  private child(node: number, code: number): number {
    if (node === 0) return this.rootNext[code] as number;
    const many = this.branches[node];
    if (many) return many.get(code) ?? -1;
    return this.edgeCode[node] === code ? (this.edgeNode[node] as number) : -1;
  }

  private link(node: number, code: number, next: number): void {
    if (node === 0) this.rootNext[code] = next;
    const many = this.branches[node];
    if (many) many.set(code, next);
    else if (this.edgeCode[node] === -1) {
      this.edgeCode[node] = code;
      this.edgeNode[node] = next;
    } else {
      this.branches[node] = new Map([
        [this.edgeCode[node] as number, this.edgeNode[node] as number],
        [code, next],
      ]);
    }
  }

  private children(node: number, visit: (code: number, next: number) => void): void {
    const many = this.branches[node];
    if (many) for (const [code, next] of many) visit(code, next);
    else if (this.edgeCode[node] !== -1) visit(this.edgeCode[node] as number, this.edgeNode[node] as number);
  }

  /** Failure links breadth first: a node's link is computed after those of every shallower node. */
  private build(): void {
    const nodes = this.depth.length;
    const fail = new Int32Array(nodes);
    const longest = new Int32Array(nodes);
    const shorts = new Uint8Array(nodes);
    const queue = new Int32Array(nodes);
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const parent = queue[head] as number;
      this.children(parent, (code, node) => {
        let link = 0;
        if (parent !== 0) {
          let f = fail[parent] as number;
          let next = this.child(f, code);
          while (next === -1 && f !== 0) {
            f = fail[f] as number;
            next = this.child(f, code);
          }
          link = next === -1 ? 0 : next;
        }
        fail[node] = link;
        const depth = this.depth[node] as number;
        const ends = this.ends[node] as boolean;
        longest[node] = ends && depth >= SHORT ? depth : (longest[link] as number);
        shorts[node] = (ends && depth < SHORT ? 1 << depth : 0) | (shorts[link] as number);
        queue[tail++] = node;
      });
    }
    this.fail = fail;
    this.longest = longest;
    this.shorts = shorts;
    this.built = true;
  }

  /** The spans of the text that known patterns cover. */
  spans(text: string): Spans {
    const spans: Spans = [];
    if (this.count === 0) return spans;
    if (!this.built) this.build();
    const n = text.length;
    let state = 0;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      let next = this.child(state, code);
      while (next === -1 && state !== 0) {
        state = this.fail[state] as number;
        next = this.child(state, code);
      }
      state = next === -1 ? 0 : next;
      let start = n;
      const long = this.longest[state] as number;
      if (long > 0) start = i - long + 1;
      const shorts = this.shorts[state] as number;
      if (shorts !== 0 && (i + 1 === n || !wordish(text.charCodeAt(i + 1)))) {
        // The longest whole value first: it starts earliest.
        for (let length = SHORT - 1; length >= 1; length--) {
          const from = i - length + 1;
          if (shorts & (1 << length) && from < start && (from === 0 || !wordish(text.charCodeAt(from - 1)))) {
            start = from;
            break;
          }
        }
      }
      if (start < n) addSpan(spans, start, i + 1);
    }
    return spans;
  }
}

/** A code unit of a JWT segment: base64url, `[A-Za-z0-9_-]`. */
function segmentish(code: number): boolean {
  return wordish(code) && code !== 0x2e;
}

/** Where the run of segment characters that starts at `from` ends. */
function runEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && segmentish(text.charCodeAt(end))) end++;
  return end;
}

/**
 * The spans of JWT-shaped text: `eyJ` and 4 or more base64url characters, a dot, 4 or more, a dot, and any more (the
 * pattern `eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*`, leftmost first), found by walking the runs of base64url characters once,
 * where a backtracking regular expression would take quadratic time on a long run of `eyJeyJ…`.
 */
export function jwtSpans(text: string): Spans {
  const spans: Spans = [];
  let i = 0;
  while (i < text.length) {
    if (!segmentish(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const end = runEnd(text, i);
    // The first `eyJ` of the run with at least four characters after it.
    let start = -1;
    for (let j = i; j + 7 <= end; j++) {
      if (text.charCodeAt(j) === 0x65 && text.charCodeAt(j + 1) === 0x79 && text.charCodeAt(j + 2) === 0x4a) {
        start = j;
        break;
      }
    }
    if (start !== -1 && text.charCodeAt(end) === 0x2e) {
      const second = runEnd(text, end + 1);
      if (second - (end + 1) >= 4 && text.charCodeAt(second) === 0x2e) {
        const third = runEnd(text, second + 1);
        spans.push(start, third);
        i = third;
        continue;
      }
    }
    i = end;
  }
  return spans;
}
