import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { CreatorFrame } from "~/components/creators/creator-frame";
import { defaultVoice, SpeechCreatorForm } from "~/components/creators/speech-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { type CreatorAnswer, creatorAction, loadCreator } from "~/lib/creators.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import { useLanguage } from "~/lib/use-language";

export const handle = { title: "creators:speech.title" };

export async function loader(args: LoaderFunctionArgs) {
  return { ...(await loadCreator(args, "speech")), now: Date.now() };
}

export async function action(args: ActionFunctionArgs) {
  return creatorAction(args, "speech");
}

export default function AudioCreatorPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as CreatorAnswer | undefined;
  const language = useLanguage();
  return (
    <CreatorFrame kind="speech" loaded={loaded} now={loaded.now}>
      {loaded.allowed ? (
        <SpeechCreatorForm
          key={loaded.reused?.id ?? "new"}
          options={loaded.options}
          reused={
            loaded.reused?.settings ??
            (loaded.characterId
              ? { voice: defaultVoice(loaded.options, language, loaded.characterId) }
              : null)
          }
          initialText={loaded.initialText ?? undefined}
          answer={answer}
        />
      ) : null}
    </CreatorFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
