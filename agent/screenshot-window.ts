import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * The window in front on an X display, and its process, for a screenshot's activeWindowTitle and processName:
 * read with xprop (x11-utils) or xdotool, the tools a Linux desktop or kiosk has, instead of a native X binding.
 * What cannot be read is null; the agent sends it as an empty string and the console shows "unknown".
 */

export interface ActiveWindow {
  title: string | null;
  processName: string | null;
}

export const NO_ACTIVE_WINDOW: ActiveWindow = { title: null, processName: null };

/** Runs a program and answers its standard output; rejects when it is missing, fails or takes too long. */
export type RunTool = (command: string, args: string[], env: NodeJS.ProcessEnv) => Promise<Buffer>;

const TOOL_TIMEOUT_MS = 3_000;

const runTool: RunTool = (command, args, env) =>
  new Promise((resolve, reject) => {
    execFile(command, args, { env, encoding: 'buffer', timeout: TOOL_TIMEOUT_MS, maxBuffer: 64 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });

/** A window id as X prints it (decimal from xdotool, hex from xprop); 0 and 1 are None and PointerRoot, not windows. */
function windowId(text: string): number | null {
  const value = Number(text.trim());
  return Number.isInteger(value) && value > 1 ? value : null;
}

/** `_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1c00007` (a window manager's answer); null without one. */
export function parseActiveWindow(output: string): number | null {
  const match = /_NET_ACTIVE_WINDOW\(WINDOW\): window id # (0x[0-9a-f]+)/i.exec(output);
  return match?.[1] ? windowId(match[1]) : null;
}

/** Undoes xprop's quoting of a string property: \" \\ \n and octal escapes of single bytes. */
function unquote(quoted: string, encoding: 'utf8' | 'latin1'): string {
  const bytes: number[] = [];
  for (let i = 0; i < quoted.length; i += 1) {
    const char = quoted[i] ?? '';
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, encoding === 'utf8' ? 'utf8' : 'latin1'));
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(quoted.slice(i + 1))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8) & 0xff);
      i += octal.length;
      continue;
    }
    const next = quoted[i + 1] ?? '';
    bytes.push(...Buffer.from(next === 'n' ? '\n' : next === 't' ? '\t' : next, 'latin1'));
    i += 1;
  }
  return Buffer.from(bytes).toString(encoding);
}

/**
 * The title and pid from `xprop -id ID _NET_WM_NAME WM_NAME _NET_WM_PID`: _NET_WM_NAME (UTF-8, what toolkits set)
 * before WM_NAME (Latin-1, older programs); a property the window lacks reads "not found".
 */
export function parseWindowProperties(output: string): { title: string | null; pid: number | null } {
  const string = (name: string) => new RegExp(`^${name}\\((UTF8_STRING|STRING|COMPOUND_TEXT)\\) = "(.*)"$`, 'm').exec(output);
  const utf8 = string('_NET_WM_NAME');
  const legacy = string('WM_NAME');
  const title =
    utf8?.[2] !== undefined
      ? unquote(utf8[2], 'utf8')
      : legacy?.[2] !== undefined
        ? unquote(legacy[2], legacy[1] === 'STRING' ? 'latin1' : 'utf8')
        : null;
  const pid = Number(/^_NET_WM_PID\(CARDINAL\) = (\d+)$/m.exec(output)?.[1]);
  return { title: title === null ? null : clean(title), pid: Number.isInteger(pid) && pid > 0 ? pid : null };
}

/** One line, no control characters, within the contract's 500 characters. */
function clean(text: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line === '' ? null : [...line].slice(0, 500).join('');
}

export interface ActiveWindowOptions {
  env?: NodeJS.ProcessEnv;
  run?: RunTool;
  /** /proc/<pid>/comm: the process's name as the kernel keeps it. */
  readProcessName?: (pid: number) => Promise<string | null>;
}

async function procComm(pid: number): Promise<string | null> {
  try {
    return clean(await readFile(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The active window on the X display named by DISPLAY: the window manager's _NET_ACTIVE_WINDOW (xprop, or xdotool
 * without x11-utils), else the window with the input focus (a kiosk's browser without a window manager). Its title
 * and pid through xprop, or xdotool without it; the process name from /proc. Never throws: what fails is null.
 */
export async function readActiveWindow({
  env = process.env,
  run = runTool,
  readProcessName = procComm,
}: ActiveWindowOptions = {}): Promise<ActiveWindow> {
  if (!env['DISPLAY']) return NO_ACTIVE_WINDOW;
  const text = async (command: string, args: string[]) => {
    try {
      return (await run(command, args, env)).toString('utf8');
    } catch {
      return null;
    }
  };

  let id: number | null = null;
  const fromXprop = await text('xprop', ['-root', '_NET_ACTIVE_WINDOW']);
  if (fromXprop !== null) id = parseActiveWindow(fromXprop);
  if (id === null && fromXprop === null) id = windowId((await text('xdotool', ['getactivewindow'])) ?? '');
  if (id === null) id = windowId((await text('xdotool', ['getwindowfocus', '-f'])) ?? '');
  if (id === null) return NO_ACTIVE_WINDOW;

  let { title, pid } = parseWindowProperties((await text('xprop', ['-id', String(id), '_NET_WM_NAME', 'WM_NAME', '_NET_WM_PID'])) ?? '');
  if (title === null) title = clean((await text('xdotool', ['getwindowname', String(id)])) ?? '');
  if (pid === null) pid = windowId((await text('xdotool', ['getwindowpid', String(id)])) ?? '');
  return { title, processName: pid === null ? null : await readProcessName(pid) };
}
