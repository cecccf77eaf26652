/** A 1×1 red pixel, as base64 PNG: the smallest image the suite's scenarios accept. */
export const RED_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

const SAMPLE_RATE = 8_000;
const SILENT_SAMPLES = 80;
const WAV_HEADER_BYTES = 44;

/**
 * Ten milliseconds of silence as a base64 WAV file (8 kHz, mono, 8-bit PCM), built rather than
 * stored so that its layout is readable: the RIFF header, the `fmt ` chunk, the `data` chunk.
 */
export function silentWav(): string {
  const wav = Buffer.alloc(WAV_HEADER_BYTES + SILENT_SAMPLES, 128);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(SILENT_SAMPLES, 40);
  return wav.toString("base64");
}
