/** The stored photo: a centred square, this many pixels wide, as JPEG (a few kB in storage). */
export const PHOTO_SIZE = 256;

/**
 * Crops the picture to its centred square and resizes it to PHOTO_SIZE, in the browser, so only a
 * small data URL is ever sent. Rejects when the file is not a picture the browser can read.
 */
export async function resizePhoto(file: Blob, size = PHOTO_SIZE): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    if (side === 0) throw new Error('Empty picture');
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
