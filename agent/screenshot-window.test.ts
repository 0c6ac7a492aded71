import { describe, expect, it } from 'vitest';
import { parseActiveWindow, parseWindowProperties, readActiveWindow, type RunTool } from './screenshot-window';

// What xprop printed under Xvfb for a window titled `Say "hi" \ Café – 日本` (the escapes are xprop's).
const PROPERTIES = [
  '_NET_WM_NAME(UTF8_STRING) = "Say \\"hi\\" \\\\ Café – 日本"',
  'WM_NAME(STRING) = "Say "hi" \\ Caf\\351"',
  '_NET_WM_PID(CARDINAL) = 14855',
  '',
].join('\n');

/** Answers as the X tools would, from a table of command lines; a missing entry fails like a missing tool. */
function tools(answers: Record<string, string>): { run: RunTool; calls: string[] } {
  const calls: string[] = [];
  const run: RunTool = async (command, args) => {
    const line = [command, ...args].join(' ');
    calls.push(line);
    const answer = answers[line];
    if (answer === undefined) throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' });
    return Buffer.from(answer, 'utf8');
  };
  return { run, calls };
}

const env = { DISPLAY: ':0' };
const comm = async (pid: number) => (pid === 14855 ? 'chromium' : null);

describe('the window in front', () => {
  it("reads the window manager's active window", () => {
    expect(parseActiveWindow('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1c00007\n')).toBe(0x1c00007);
    expect(parseActiveWindow('_NET_ACTIVE_WINDOW(WINDOW): window id # 0x0\n')).toBeNull();
    expect(parseActiveWindow('_NET_ACTIVE_WINDOW:  no such atom on any window.\n')).toBeNull();
  });

  it("reads a UTF-8 title before the Latin-1 one, with xprop's escapes undone, and the pid", () => {
    expect(parseWindowProperties(PROPERTIES)).toEqual({ title: 'Say "hi" \\ Café – 日本', pid: 14855 });
    expect(parseWindowProperties('_NET_WM_NAME:  not found.\nWM_NAME(STRING) = "Caf\\351 \\"1\\""\n_NET_WM_PID:  not found.\n')).toEqual({
      title: 'Café "1"',
      pid: null,
    });
    expect(parseWindowProperties('_NET_WM_NAME(UTF8_STRING) = "line\\none"\n')).toEqual({ title: 'line one', pid: null });
    expect(parseWindowProperties('_NET_WM_NAME(UTF8_STRING) = ""\n')).toEqual({ title: null, pid: null });
  });

  it('names the active window and its process with a window manager (xprop)', async () => {
    const { run } = tools({
      'xprop -root _NET_ACTIVE_WINDOW': '_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1c00007\n',
      'xprop -id 29360135 _NET_WM_NAME WM_NAME _NET_WM_PID': PROPERTIES,
    });
    expect(await readActiveWindow({ env, run, readProcessName: comm })).toEqual({
      title: 'Say "hi" \\ Café – 日本',
      processName: 'chromium',
    });
  });

  it('takes the window with the input focus without a window manager, and xdotool without xprop', async () => {
    const { run, calls } = tools({
      'xdotool getactivewindow': '', // fails without a window manager: an empty answer is no window
      'xdotool getwindowfocus -f': '29360135\n',
      'xdotool getwindowname 29360135': 'Kiosk – Café\n',
      'xdotool getwindowpid 29360135': '14855\n',
    });
    expect(await readActiveWindow({ env, run, readProcessName: comm })).toEqual({ title: 'Kiosk – Café', processName: 'chromium' });
    expect(calls[0]).toBe('xprop -root _NET_ACTIVE_WINDOW');
  });

  it('answers null for what it cannot read: no display, no tools, no pid, a process gone', async () => {
    expect(await readActiveWindow({ env: {}, run: tools({}).run })).toEqual({ title: null, processName: null });
    expect(await readActiveWindow({ env, run: tools({}).run })).toEqual({ title: null, processName: null });
    const noPid = tools({
      'xprop -root _NET_ACTIVE_WINDOW': '_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1c00007\n',
      'xprop -id 29360135 _NET_WM_NAME WM_NAME _NET_WM_PID': '_NET_WM_NAME(UTF8_STRING) = "Terminal"\n_NET_WM_PID:  not found.\n',
    });
    expect(await readActiveWindow({ env, run: noPid.run, readProcessName: comm })).toEqual({ title: 'Terminal', processName: null });
    const gone = tools({
      'xprop -root _NET_ACTIVE_WINDOW': '_NET_ACTIVE_WINDOW(WINDOW): window id # 0x1c00007\n',
      'xprop -id 29360135 _NET_WM_NAME WM_NAME _NET_WM_PID': '_NET_WM_NAME(UTF8_STRING) = "Terminal"\n_NET_WM_PID(CARDINAL) = 999999\n',
    });
    expect(await readActiveWindow({ env, run: gone.run, readProcessName: comm })).toEqual({ title: 'Terminal', processName: null });
  });
});
