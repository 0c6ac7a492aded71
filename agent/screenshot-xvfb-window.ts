import { createConnection, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A tiny X11 client for the Xvfb screenshot test (agent/screenshot.xvfb.test.ts): it paints the root window one
 * colour, opens a window of another colour with a UTF-8 title and its own _NET_WM_PID, as a toolkit does, and gives
 * it the input focus, as a kiosk's only window has it without a window manager. It speaks the X protocol over the
 * display's socket, so the test needs no X program beyond Xvfb. Run as a script, it prints WINDOW_READY and the
 * window's id once the server has done all that, and keeps the window until it is ended.
 */

export const WINDOW_READY = 'window ready';

export interface TestWindowSpec {
  /** The display's number (":3" is 3). */
  display: number;
  rootColor: number;
  color: number;
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  /**
   * How it comes to the front: 'focus' takes the input focus (a kiosk without a window manager); 'announce' leaves the
   * focus and names the window in the root's _NET_ACTIVE_WINDOW, as a window manager does.
   */
  front: 'focus' | 'announce';
}

/** Reads the X server's answers: the set-up reply first, then 32-byte replies and errors (longer replies are skipped whole). */
class Replies {
  private buffered = Buffer.alloc(0);
  private waiting: ((data: Buffer) => void) | null = null;
  private need = 0;
  private failed: ((error: Error) => void) | null = null;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.flush();
    });
    const fail = (error: Error) => this.failed?.(error);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The X server closed the connection')));
  }

  private flush(): void {
    if (this.waiting === null || this.buffered.length < this.need) return;
    const data = this.buffered.subarray(0, this.need);
    this.buffered = this.buffered.subarray(this.need);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(data);
  }

  read(bytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.need = bytes;
      this.waiting = resolve;
      this.failed = reject;
      this.flush();
    });
  }

  /** The next reply; an X error (first byte 0) is thrown with its code and the request's opcode. */
  async reply(): Promise<Buffer> {
    const head = await this.read(32);
    if (head[0] === 0) throw new Error(`X error ${head[1]} for request opcode ${head[10]}`);
    const extra = head.readUInt32LE(4) * 4;
    if (extra > 0) await this.read(extra);
    return head;
  }
}

const pad4 = (n: number) => (4 - (n % 4)) % 4;

function request(opcode: number, data: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(opcode, 0);
  head.writeUInt8(data, 1);
  head.writeUInt16LE((4 + body.length) / 4, 2);
  return Buffer.concat([head, body]);
}

const words = (...values: number[]) => {
  const body = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => body.writeUInt32LE(value >>> 0, i * 4));
  return body;
};

const padded = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(pad4(bytes.length))]);

const OP = {
  createWindow: 1,
  changeWindowAttributes: 2,
  mapWindow: 8,
  internAtom: 16,
  changeProperty: 18,
  setInputFocus: 42,
  getInputFocus: 43,
  clearArea: 61,
};
const ATOM = { cardinal: 6, string: 31, wmName: 39, window: 33 };
const CW_BACK_PIXEL = 0x2;

/** Opens the window; resolves with its id and the socket that keeps it (closing the socket closes the window). */
export async function openTestWindow(spec: TestWindowSpec): Promise<{ windowId: number; socket: Socket }> {
  const socket = createConnection(`/tmp/.X11-unix/X${spec.display}`);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const replies = new Replies(socket);

  // Set-up: little-endian, protocol 11.0, no authorization (Xvfb as the test starts it needs none).
  const setup = Buffer.alloc(12);
  setup.write('l', 0, 'ascii');
  setup.writeUInt16LE(11, 2);
  socket.write(setup);
  const head = await replies.read(8);
  const body = await replies.read(head.readUInt16LE(6) * 4);
  if (head[0] !== 1) throw new Error(`The X server refused the connection: ${body.toString('latin1', 0, head[1]).trim()}`);
  const idBase = body.readUInt32LE(4);
  const vendorLength = body.readUInt16LE(16);
  const formats = body.readUInt8(21);
  const screen = 32 + vendorLength + pad4(vendorLength) + formats * 8;
  const root = body.readUInt32LE(screen);

  let sequence = 0;
  const send = (buffer: Buffer) => {
    socket.write(buffer);
    sequence += 1;
    return sequence;
  };
  const internAtom = async (name: string): Promise<number> => {
    const bytes = Buffer.from(name, 'latin1');
    const prefix = Buffer.alloc(4);
    prefix.writeUInt16LE(bytes.length, 0);
    send(request(OP.internAtom, 0, Buffer.concat([prefix, padded(bytes)])));
    return (await replies.reply()).readUInt32LE(8);
  };
  const changeProperty = (window: number, property: number, type: number, format: 8 | 32, data: Buffer) => {
    const units = data.length / (format / 8);
    send(
      request(
        OP.changeProperty,
        0,
        Buffer.concat([words(window, property, type), Buffer.from([format, 0, 0, 0]), words(units), padded(data)]),
      ),
    );
  };

  // The root's background, cleared so it is painted now.
  send(request(OP.changeWindowAttributes, 0, words(root, CW_BACK_PIXEL, spec.rootColor)));
  send(request(OP.clearArea, 0, words(root, 0, 0)));

  const windowId = idBase | 1;
  const geometry = Buffer.alloc(12);
  geometry.writeInt16LE(spec.x, 0);
  geometry.writeInt16LE(spec.y, 2);
  geometry.writeUInt16LE(spec.width, 4);
  geometry.writeUInt16LE(spec.height, 6);
  geometry.writeUInt16LE(0, 8); // border width
  geometry.writeUInt16LE(1, 10); // InputOutput
  // Depth 0 and visual 0: the parent's (the root's 24-bit TrueColor, where a pixel is 0xRRGGBB).
  send(request(OP.createWindow, 0, Buffer.concat([words(windowId, root), geometry, words(0, CW_BACK_PIXEL, spec.color)])));

  const [netWmName, utf8String, netWmPid] = [
    await internAtom('_NET_WM_NAME'),
    await internAtom('UTF8_STRING'),
    await internAtom('_NET_WM_PID'),
  ];
  const title = Buffer.from(spec.title, 'utf8');
  changeProperty(windowId, netWmName, utf8String, 8, title);
  changeProperty(windowId, ATOM.wmName, ATOM.string, 8, Buffer.from(spec.title, 'latin1'));
  changeProperty(windowId, netWmPid, ATOM.cardinal, 32, words(process.pid));
  send(request(OP.mapWindow, 0, words(windowId)));
  if (spec.front === 'focus') {
    // revert-to PointerRoot (1), time CurrentTime (0).
    send(request(OP.setInputFocus, 1, words(windowId, 0)));
  } else {
    changeProperty(root, await internAtom('_NET_ACTIVE_WINDOW'), ATOM.window, 32, words(windowId));
  }
  // A round trip: every request above is done (or its error arrives first) when this answers.
  send(request(OP.getInputFocus, 0, Buffer.alloc(0)));
  const focus = (await replies.reply()).readUInt32LE(8);
  if (spec.front === 'focus' && focus !== windowId) throw new Error(`The window did not get the focus (0x${focus.toString(16)})`);
  return { windowId, socket };
}

const isScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isScript) {
  // argv: display, JSON of the rest of TestWindowSpec, and the process name the agent should read in /proc/<pid>/comm.
  const [display, json, name] = process.argv.slice(2);
  if (name) process.title = name;
  const spec = { ...(JSON.parse(json ?? '{}') as Omit<TestWindowSpec, 'display'>), display: Number(display) };
  const { windowId } = await openTestWindow(spec);
  console.info(`${WINDOW_READY} 0x${windowId.toString(16)}`);
  // The open socket keeps the process, and the window, until the test ends it.
}
