import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";

const remarkPlugins = [remarkGfm];
// Only the languages named on a fence are highlighted: guessing would colour prose as code.
const rehypePlugins = [[rehypeHighlight, { detect: false }] as const] as never[];

const components: Components = {
  // Links in an answer leave the app: a new tab, no referrer, no access to this page.
  a: ({ node: _node, ...props }) => (
    <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
  ),
  // A wide table scrolls inside the message rather than widening the page.
  table: ({ node: _node, ...props }) => (
    <div className="overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

/**
 * An answer's Markdown (GitHub's flavour: tables, task lists, strikethrough) as React elements.
 * Raw HTML in the text is shown as text, never rendered, and unsafe link schemes are dropped
 * (react-markdown's defaults), so that a model's answer cannot run script in the page.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="document-content text-sm" dir="auto">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
