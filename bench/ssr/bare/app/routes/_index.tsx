import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Hello" }];

export default function Index() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A bare Remix page, for reference.</p>
    </main>
  );
}
