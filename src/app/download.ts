/** Saves text as a file through the browser's download mechanism (an object URL on a temporary link). */
export function saveTextFile(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a later tick is enough.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
