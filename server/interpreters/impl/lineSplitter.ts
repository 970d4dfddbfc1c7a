/** Passes on complete lines only, so two streams (stdout, stderr) interleave line by line, never mid-line. */
export class LineSplitter {
  private rest = '';

  constructor(private readonly emit: (text: string) => void) {}

  push(chunk: string): void {
    const text = this.rest + chunk;
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      this.rest = text;
      return;
    }
    this.rest = text.slice(cut + 1);
    this.emit(text.slice(0, cut + 1));
  }

  end(): void {
    if (this.rest !== '') this.emit(this.rest);
    this.rest = '';
  }
}
