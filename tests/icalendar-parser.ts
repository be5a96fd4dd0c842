/**
 * A small, strict reader of iCalendar text (RFC 5545) for the tests: it refuses what a lenient
 * calendar application would quietly accept (bare LF, physical lines over 75 octets, unknown
 * escapes, unescaped commas or semicolons in TEXT, unbalanced BEGIN/END), so a test that reads
 * our file through it proves the file is well formed, not merely readable.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** The raw value; TEXT properties are unescaped by `text()`. */
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

const NAME = /^[A-Za-z0-9-]+$/;
const utf8 = new TextEncoder();

/** Physical lines → logical content lines (§3.1), checking line endings and lengths. */
function unfold(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('the object must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  const logical: string[] = [];
  for (const [index, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${index + 1}: a bare CR or LF`);
    const size = utf8.encode(line).length;
    if (size > 75) throw new Error(`line ${index + 1}: ${size} octets, more than 75`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('the object starts with a continuation line');
      logical[logical.length - 1] += line.slice(1);
    } else {
      if (line === '') throw new Error(`line ${index + 1}: empty`);
      logical.push(line);
    }
  }
  return logical;
}

/** `NAME;PARAM=value;PARAM="quoted":value` (§3.1, §3.2). */
function contentLine(line: string): IcsProperty {
  let position = 0;
  const readName = (): string => {
    const match = /^[A-Za-z0-9-]+/.exec(line.slice(position));
    if (!match) throw new Error(`not a content line: ${line}`);
    position += match[0].length;
    return match[0].toUpperCase();
  };
  const name = readName();
  const params: Record<string, string> = {};
  while (line[position] === ';') {
    position += 1;
    const param = readName();
    if (line[position] !== '=') throw new Error(`parameter without a value: ${line}`);
    position += 1;
    let value: string;
    if (line[position] === '"') {
      const close = line.indexOf('"', position + 1);
      if (close < 0) throw new Error(`unclosed quoted parameter: ${line}`);
      value = line.slice(position + 1, close);
      position = close + 1;
    } else {
      const match = /^[^";:,]*/.exec(line.slice(position))!;
      value = match[0];
      position += value.length;
    }
    params[param] = value;
  }
  if (line[position] !== ':') throw new Error(`no ':' after the name and parameters: ${line}`);
  return { name, params, value: line.slice(position + 1) };
}

/** The object's components, checking that every BEGIN has its END. */
export function parseIcs(text: string): IcsComponent {
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of unfold(text)) {
    const property = contentLine(line);
    if (property.name === 'BEGIN') {
      if (!NAME.test(property.value)) throw new Error(`bad component name: ${property.value}`);
      if (root && stack.length === 0) throw new Error('content after the last END');
      const component: IcsComponent = { name: property.value.toUpperCase(), properties: [], components: [] };
      if (stack.length > 0) stack[stack.length - 1]!.components.push(component);
      else root = component;
      stack.push(component);
    } else if (property.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== property.value.toUpperCase())
        throw new Error(`END:${property.value} without its BEGIN`);
    } else {
      const open = stack[stack.length - 1];
      if (!open) throw new Error(`a property outside any component: ${line}`);
      open.properties.push(property);
    }
  }
  if (!root || stack.length > 0) throw new Error('the object is not closed');
  return root;
}

/** A TEXT value unescaped (§3.3.11); an unknown escape or an unescaped ',' or ';' is an error. */
export function unescapeText(value: string): string {
  let result = '';
  for (let index = 0; index < value.length; index += 1) {
    const character = value[index]!;
    if (character === ',' || character === ';') throw new Error(`unescaped '${character}' in TEXT: ${value}`);
    if (character !== '\\') {
      result += character;
      continue;
    }
    const next = value[index + 1];
    index += 1;
    if (next === 'n' || next === 'N') result += '\n';
    else if (next === '\\' || next === ',' || next === ';') result += next;
    else throw new Error(`unknown escape '\\${next ?? ''}' in TEXT: ${value}`);
  }
  return result;
}

/** The one property `name` of a component (an error when absent or repeated). */
export function property(component: IcsComponent, name: string): IcsProperty {
  const found = component.properties.filter((entry) => entry.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name} properties`);
  return found[0]!;
}

/** The one TEXT property `name` of a component, unescaped. */
export const text = (component: IcsComponent, name: string): string => unescapeText(property(component, name).value);

/** The sub-components named `name`. */
export const componentsOf = (component: IcsComponent, name: string): IcsComponent[] =>
  component.components.filter((entry) => entry.name === name);
