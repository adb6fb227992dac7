/**
 * Sniffing of video sources (POST /media): MP4/MOV/WebM, MP3/AAC/M4A/WAV and SRT by their first
 * bytes; pictures, PDFs and text are none of these.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sniffPicture, sniffVideoSource } from '../../src/net/sniff.ts';

/** An ISO-BMFF file's first box: size, `ftyp`, major brand, minor version, one compatible brand. */
const ftyp = (brand: string, compatible = 'isom') =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 20]),
    Buffer.from(`ftyp${brand}`, 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from(compatible, 'latin1'),
  ]);

describe('sniffVideoSource', () => {
  it('knows each video, audio and subtitle format by its first bytes', () => {
    const cases: Array<[Buffer, string]> = [
      [ftyp('isom'), 'mp4'],
      [ftyp('mp42'), 'mp4'],
      [ftyp('qt  '), 'mov'],
      [ftyp('M4A '), 'm4a'],
      [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), 'webm'],
      [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]), 'wav'],
      [Buffer.from('ID3\u0004\u0000\u0000', 'latin1'), 'mp3'],
      [Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
      [Buffer.from([0xff, 0xf1, 0x50, 0x80]), 'aac'],
      [Buffer.from('1\n00:00:01,000 --> 00:00:02,500\nHello\n'), 'srt'],
      [Buffer.from('\ufeff1\r\n00:00:00.000 --> 00:00:01.000\r\nHi\r\n'), 'srt'],
    ];
    for (const [bytes, format] of cases) assert.equal(sniffVideoSource(bytes), format, format);
  });

  it('refuses pictures, AVIF, PDFs, text and empty files', () => {
    for (const bytes of [
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      ftyp('avif', 'avif'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('just text'),
      Buffer.from('1\nnot a timestamp\n'),
      Buffer.alloc(0),
    ]) {
      assert.equal(sniffVideoSource(bytes), null, bytes.toString('latin1'));
    }
    // A picture is still a picture, not a video source.
    assert.equal(sniffPicture(ftyp('avif', 'avif')), 'avif');
  });
});
