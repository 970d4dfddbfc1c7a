/**
 * Zeppelin's `zeppelin-spell`: a spell is a class whose `interpret(text, config)` answers a SpellResult. A result's
 * data is a string (split into typed parts by `%text`, `%html`, `%table`... lines), a promise of such a string, or a
 * function that draws into the element whose id it is given (an ELEMENT result).
 */

export const DefaultDisplayType = {
  ELEMENT: 'ELEMENT',
  TABLE: 'TABLE',
  HTML: 'HTML',
  ANGULAR: 'ANGULAR',
  TEXT: 'TEXT',
  NETWORK: 'NETWORK',
} as const;

export const DefaultDisplayMagic: Record<string, string> = {
  '%element': DefaultDisplayType.ELEMENT,
  '%table': DefaultDisplayType.TABLE,
  '%html': DefaultDisplayType.HTML,
  '%angular': DefaultDisplayType.ANGULAR,
  '%text': DefaultDisplayType.TEXT,
  '%network': DefaultDisplayType.NETWORK,
};

type Data = unknown;

const isFunction = (d: Data): d is (...args: unknown[]) => unknown => typeof d === 'function';
const isPromise = (d: Data): d is PromiseLike<unknown> => !!d && typeof (d as { then?: unknown }).then === 'function';

/** `%table` etc. stand for their display type; any other magic (another spell's) is kept as the type. */
const typeOfMagic = (m: string): string => DefaultDisplayMagic[m] ?? m;

export class DataWithType {
  data: Data;
  type: string | undefined;
  magic: string | undefined;
  text: string | undefined;

  constructor(data: Data, type?: string, magic?: string, text?: string) {
    this.data = data;
    this.type = type;
    this.magic = magic;
    this.text = text;
  }

  getData(): Data { return this.data; }
  getType(): string | undefined { return this.type; }
  getMagic(): string | undefined { return this.magic; }
  getText(): string | undefined { return this.text; }

  static handleDefaultMagic(m: string): string {
    return typeOfMagic(m);
  }

  /** An ELEMENT result cannot travel: other viewers get the spell's magic and text and run the spell themselves. */
  static createPropagable(dt: DataWithType): DataWithType {
    return isFunction(dt.data) ? new DataWithType(dt.text, dt.magic) : dt;
  }

  /** Splits text into parts at every line that starts with a display magic or a known spell's magic. */
  static parseStringData(data: string, customMagics: Record<string, unknown>): DataWithType[] {
    const known = (m: string | undefined): m is string => !!m && (m in DefaultDisplayMagic || m in customMagics);
    const parts: DataWithType[] = [];
    let lines: string[] = [];
    let type: string = DefaultDisplayType.TEXT;
    for (const line of String(data).split('\n')) {
      const magic = SpellResult.extractMagic(line);
      if (known(magic)) {
        if (lines.length > 0) parts.push(new DataWithType(lines.join(''), type));
        lines = [`${line.slice(line.indexOf(magic) + magic.length)}\n`];
        type = typeOfMagic(magic);
      } else {
        lines.push(`${line}\n`);
      }
    }
    if (lines.length > 0) parts.push(new DataWithType(lines.join(''), type));
    return parts;
  }

  static produceMultipleData(dt: DataWithType, customMagics: Record<string, unknown>, magic?: string, text?: string): Promise<DataWithType[]> {
    if (dt.type) return Promise.resolve([dt]);
    const data = dt.data;
    if (isFunction(data)) return Promise.resolve([new DataWithType(data, DefaultDisplayType.ELEMENT, magic, text)]);
    if (isPromise(data)) return Promise.resolve(data).then((generated) => DataWithType.parseStringData(String(generated), customMagics));
    return Promise.resolve(DataWithType.parseStringData(String(data), customMagics));
  }
}

export class SpellResult {
  dataWithTypes: DataWithType[] = [];

  constructor(resultData?: Data, resultType?: string) {
    this.add(resultData, resultType);
  }

  static isFunction(d: Data): boolean { return isFunction(d); }
  static isPromise(d: Data): boolean { return isPromise(d); }
  static isObject(d: Data): boolean { return d !== undefined && !isFunction(d) && !isPromise(d); }

  /** The magic a text starts with (`%flowchart`), if any. */
  static extractMagic(text: string): string | undefined {
    const m = /^\s*%(\S+)/.exec(text);
    return m ? `%${m[1].trim()}` : undefined;
  }

  static createPropagable(msg: DataWithType[]): DataWithType[] {
    return msg.map((dt) => DataWithType.createPropagable(dt));
  }

  add(resultData: Data, resultType?: string): this {
    if (resultData) this.dataWithTypes.push(new DataWithType(resultData, resultType));
    return this;
  }

  getAllParsedDataWithTypes(customMagics: Record<string, unknown>, magic?: string, text?: string): Promise<DataWithType[]> {
    return Promise.all(this.dataWithTypes.map((dt) => DataWithType.produceMultipleData(dt, customMagics, magic, text)))
      .then((lists) => lists.flat());
  }
}

export class SpellBase {
  magic: string;

  constructor(magic: string) {
    this.magic = magic;
  }

  interpret(_paragraphText: string, _config: Record<string, unknown>): SpellResult {
    throw new Error('SpellBase.interpret() must be overridden');
  }

  getMagic(): string {
    return this.magic;
  }
}
