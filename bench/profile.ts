/**
 * `--profile`: where a scenario's server time goes. The shop runs with the inspector open on
 * loopback; after a scenario's measured runs, one more run is recorded by V8's sampling profiler
 * (so the measured figures carry no profiling cost). The profile is saved for Chrome DevTools or
 * speedscope, and summarised here by self time per package or source file and per function.
 */

/** The part of a V8 CPU profile (Profiler.stop) the summary reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Self time share by package (node_modules/<name>), source file of ours, Node internals or V8 (GC, idle, native). */
  byLocation: { where: string; percent: number }[];
  byFunction: { fn: string; where: string; percent: number }[];
}

/** Where a frame's code lives, in a few words: a package name, one of our files, or Node/V8. */
export function locationOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url.startsWith('wasm://')) return 'wasm';
  const ours = /\/(src\/.+|bench\/.+)$/.exec(url);
  return ours ? ours[1]! : url;
}

/** Self time per location and per function, as percentages of all samples, biggest first. */
export function summariseProfile(profile: CpuProfile, top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0) || 1;
  const locations = new Map<string, number>();
  const functions = new Map<string, { fn: string; where: string; time: number }>();
  for (const [id, time] of selfTime) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = locationOf(frame.url, frame.functionName);
    locations.set(where, (locations.get(where) ?? 0) + time);
    const fn = frame.functionName || '(anonymous)';
    const key = `${fn}\u0000${where}:${frame.lineNumber}`;
    const entry = functions.get(key) ?? { fn: `${fn}:${frame.lineNumber + 1}`, where, time: 0 };
    entry.time += time;
    functions.set(key, entry);
  }
  const percent = (time: number) => Math.round((time / total) * 1000) / 10;
  return {
    byLocation: [...locations].sort((a, b) => b[1] - a[1]).slice(0, top).map(([where, time]) => ({ where, percent: percent(time) })),
    byFunction: [...functions.values()].sort((a, b) => b.time - a.time).slice(0, top).map((f) => ({ fn: f.fn, where: f.where, percent: percent(f.time) })),
  };
}

/** A connection to a Node process's inspector (DevTools protocol over WebSocket). */
export class Inspector {
  private readonly socket: WebSocket;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    };
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error(`could not open the inspector on port ${port}`));
    });
    return new Inspector(socket);
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Records a CPU profile while `work` runs. */
  async profile(work: () => Promise<unknown>): Promise<CpuProfile> {
    await this.send('Profiler.enable');
    await this.send('Profiler.start');
    let failure: unknown = null;
    await work().catch((error: unknown) => (failure = error));
    // Stopped whatever happened, so a failed run does not leave the server profiling.
    const { profile } = await this.send<{ profile: CpuProfile }>('Profiler.stop');
    if (failure) throw failure;
    return profile;
  }

  close(): void {
    this.socket.close();
  }
}
