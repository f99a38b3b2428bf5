import type { DocumentLike } from "../../../widget/markdown";

/**
 * Just enough of a DOM for the Markdown renderer, which only creates elements and text nodes:
 * what it builds is serialised back to HTML, and every element it made is recorded.
 */
type FakeChild = FakeElement | FakeText | FakeFragment;

class FakeText {
  constructor(readonly data: string) {}
}

class FakeParent {
  readonly childNodes: FakeChild[] = [];
  append(...nodes: FakeChild[]) {
    for (const node of nodes) {
      if (node instanceof FakeFragment) this.childNodes.push(...node.childNodes);
      else this.childNodes.push(node);
    }
  }
}

class FakeFragment extends FakeParent {}

export class FakeElement extends FakeParent {
  readonly attributes = new Map<string, string>();
  constructor(readonly tagName: string) {
    super();
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  set className(value: string) {
    this.attributes.set("class", value);
  }
}

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");
const voidElements = new Set(["br", "hr"]);

export function serialise(node: FakeChild | FakeParent): string {
  if (node instanceof FakeText) return escapeText(node.data);
  const inner = node.childNodes.map(serialise).join("");
  if (!(node instanceof FakeElement)) return inner;
  const attributes = [...node.attributes]
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  if (voidElements.has(node.tagName)) return `<${node.tagName}${attributes}>`;
  return `<${node.tagName}${attributes}>${inner}</${node.tagName}>`;
}

/** A document whose `created` lists every element made with it. */
export function fakeDocument() {
  const created: FakeElement[] = [];
  const doc = {
    createElement(tag: string) {
      const element = new FakeElement(tag);
      created.push(element);
      return element;
    },
    createTextNode: (data: string) => new FakeText(data),
    createDocumentFragment: () => new FakeFragment(),
  };
  return { doc: doc as unknown as DocumentLike, created };
}
