import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";

/** A list's downloads, CSV and JSON, each a document request (the browser saves the file). */
export function ExportLinks({
  hrefOf,
  labels,
}: {
  hrefOf: (format: "csv" | "json") => string;
  labels: { csv: string; json: string };
}) {
  return (
    <div className="flex gap-2">
      {(["csv", "json"] as const).map((format) => (
        <Button key={format} variant="secondary" size="sm" asChild>
          <LocalizedLink to={hrefOf(format)} reloadDocument>
            <Icon name="download" />
            {labels[format]}
          </LocalizedLink>
        </Button>
      ))}
    </div>
  );
}
