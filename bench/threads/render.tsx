// What the threads benchmark renders on the server to time the long thread's Markdown: the
// page's own component, react-markdown without highlighting, and the same text as paragraphs.
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { Markdown } from "../../app/components/threads/markdown";

type Answer = { id: number; content: string };

const remarkPlugins = [remarkGfm];

export const renders = {
  "the page's Markdown (GFM, highlighting)": (answers: Answer[]) => (
    <>
      {answers.map((answer) => (
        <Markdown key={answer.id}>{answer.content}</Markdown>
      ))}
    </>
  ),
  "react-markdown with GFM, no highlighting": (answers: Answer[]) => (
    <>
      {answers.map((answer) => (
        <ReactMarkdown key={answer.id} remarkPlugins={remarkPlugins} skipHtml>
          {answer.content}
        </ReactMarkdown>
      ))}
    </>
  ),
  "the same text as plain paragraphs": (answers: Answer[]) => (
    <>
      {answers.map((answer) => (
        <p key={answer.id}>{answer.content}</p>
      ))}
    </>
  ),
};
