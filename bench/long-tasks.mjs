// node bench/long-tasks.mjs <trace.json>... [--min=12.5] [--from=0]
//
// Where a page's main thread went, from the traces `LH_SAVE=<dir> npm run lighthouse` keeps: the
// renderer's top-level tasks after the first contentful paint of at least --min ms (12.5 by
// default: Lighthouse's phone counts each task about four times over, and blocks from 50 ms), each
// with its longest parts (script by file and function, style with the elements it styled, layout,
// paint, timers, fonts), and the sum Lighthouse's Total Blocking Time is near, Σ max(0, 4d - 50).
// The figures are the unthrottled trace's; the verdict is Lighthouse's simulation, not this sum.
import fs from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const minMs = option('min', 12.5);
const fromMs = option('from', 0);
const files = args.filter((arg) => !arg.startsWith('--'));
if (files.length === 0) {
  console.error('usage: node bench/long-tasks.mjs <trace.json>... [--min=12.5] [--from=0]');
  process.exit(2);
}

/** A part of a task, named as a reader looks for it. */
function partName(event) {
  const data = event.args?.data ?? {};
  if (event.name === 'FunctionCall' || event.name === 'EvaluateScript') {
    const file = (data.url ?? '').split('/').pop() || '(inline)';
    return `script ${file}${data.functionName ? ` ${data.functionName}` : ''}`;
  }
  if (event.name === 'UpdateLayoutTree')
    return `style of ${event.args?.elementCount ?? '?'} elements`;
  return event.name;
}

const PARTS =
  /^(FunctionCall|EvaluateScript|v8\.evaluateModule|UpdateLayoutTree|Layout|Paint|PrePaint|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|ParseHTML|ParseAuthorStyleSheet|FontCache::GetFontPlatformData|IsolatedSVGDocumentHost::IsolatedSVGDocumentHost|ResourceFetcher::requestResource)$/;

for (const file of files) {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  const events = raw.traceEvents ?? raw;
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const fcp = navigation
    ? events.find(
        (e) => e.name === 'firstContentfulPaint' && e.args?.frame === navigation.args.frame,
      )
    : undefined;
  if (!fcp) {
    console.log(`${file}: no navigation with a first contentful paint`);
    continue;
  }
  const main = events.find(
    (e) => e.pid === fcp.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const onMain = events.filter(
    (e) => e.pid === fcp.pid && e.tid === main?.tid && e.ph === 'X' && e.ts >= navigation.ts,
  );
  const tasks = [];
  for (const task of onMain
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (!last || task.ts >= last.ts + last.dur) tasks.push(task);
  }
  const at = (event) => (event.ts - navigation.ts) / 1000;
  console.log(`${file}\n  first contentful paint at ${at(fcp).toFixed(0)} ms`);
  let blocking = 0;
  for (const task of tasks) {
    const ms = task.dur / 1000;
    if (task.ts < fcp.ts || at(task) < fromMs || ms < minMs) continue;
    blocking += Math.max(0, 4 * ms - 50);
    const parts = onMain
      .filter(
        (e) =>
          e !== task && PARTS.test(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
      )
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map((e) => `${partName(e)} ${(e.dur / 1000).toFixed(1)}`);
    console.log(
      `  ${at(task).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(5)} ms  ${parts.join(', ')}`,
    );
  }
  console.log(`  Σ max(0, 4d - 50) over these tasks: ${Math.round(blocking)} ms`);
}
