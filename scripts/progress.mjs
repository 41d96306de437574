// The long steps of a first `npm run demo` (install, build) say what they do, that they are still
// at it, and how long they took, so two quiet minutes do not look like a hang. Node built-ins only.
import { spawn } from 'node:child_process';

/** How often a running step says it is still running. */
const HEARTBEAT_MS = 15_000;

/**
 * Runs `command` with `args`, its own output shown, announcing `label` ("Installing the
 * dependencies") before, every 15 s during, and with its time after. Resolves with the exit code.
 */
export function step(label, command, args, options = {}) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  console.log(`▸ ${label}…`);
  const heartbeat = setInterval(
    () => console.log(`  … still at it (${seconds()} s)`),
    HEARTBEAT_MS,
  );
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const finish = (code) => {
      clearInterval(heartbeat);
      console.log(`  ${label}: ${code === 0 ? 'done' : 'failed'} in ${seconds()} s`);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`  ${label}: ${error.message}`);
      finish(1);
    });
    child.on('exit', (code) => finish(code ?? 1));
  });
}
