/** Unsigned LEB128 varints as PMTiles directories use them; numbers stay below 2^53. */
export class VarintWriter {
  private bytes: number[] = [];

  write(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`cannot encode ${value} as a varint`);
    let v = value;
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
