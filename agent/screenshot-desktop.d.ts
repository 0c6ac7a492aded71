// screenshot-desktop ships no types: the calls the agent makes.
declare module 'screenshot-desktop' {
  interface ScreenshotOptions {
    format?: 'png' | 'jpg';
    screen?: string | number;
  }
  interface Screenshot {
    (options?: ScreenshotOptions): Promise<Buffer>;
    /** Linux: the screens from `xrandr --current` (rejects when the display cannot be opened). */
    listDisplays?: () => Promise<unknown[]>;
  }
  const screenshot: Screenshot;
  export default screenshot;
}
