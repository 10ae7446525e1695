/** One step's parts, styled by kind, with search matches highlighted. */
import { Code, Mark, Text } from "@mantine/core";
import { Fragment, type CSSProperties } from "react";
import { labyrinthHelp } from "@workers/guide/labyrinth";
import { highlightRuns, partText } from "@workers/guide/search";
import type { CampaignData, Part } from "@workers/guide/types";

const ATTRIBUTE_COLOUR: Record<string, string> = {
  strength: "var(--mantine-color-red-5)",
  dexterity: "var(--mantine-color-green-5)",
  intelligence: "var(--mantine-color-blue-4)",
};

function partStyle(part: Part, data: CampaignData): CSSProperties | undefined {
  switch (part.type) {
    case "kill":
      return { color: "var(--mantine-color-red-4)", fontWeight: 600 };
    case "arena":
      return { color: "var(--mantine-color-orange-4)" };
    case "area":
    case "enter":
      return { color: "var(--mantine-color-cyan-4)" };
    case "logout":
    case "waypoint":
    case "waypoint_use":
    case "waypoint_get":
    case "portal_set":
    case "portal_use":
      return { color: "var(--mantine-color-teal-4)", fontStyle: "italic" };
    case "quest":
    case "quest_name":
    case "quest_text":
      return { color: "var(--mantine-color-yellow-5)" };
    case "generic":
    case "trial":
    case "ascend":
      return { color: "var(--mantine-color-grape-3)", fontWeight: 600 };
    case "get_gem":
    case "buy_gem":
      return { color: ATTRIBUTE_COLOUR[data.gems[part.gemId]?.primary_attribute ?? ""] ?? "var(--mantine-color-gray-3)", fontWeight: 600 };
    case "offer_list":
    case "reward_quest":
    case "reward_vendor":
    case "crafting":
      return { color: "var(--mantine-color-gray-5)" };
    default:
      return undefined;
  }
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightRuns(text, query).map((run, i) =>
        run.match ? (
          <Mark key={i} color="yellow" data-testid="guide-match">
            {run.text}
          </Mark>
        ) : (
          <Fragment key={i}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}

export function StepContent({ parts, data, query }: { parts: Part[]; data: CampaignData; query: string }) {
  return (
    <Text component="span" size="sm">
      {parts.map((part, i) => {
        const text = partText(part, data);
        if (part.type === "copy") {
          return (
            <Code key={i}>
              <Highlighted text={text} query={query} />
            </Code>
          );
        }
        return (
          <Fragment key={i}>
            <span style={partStyle(part, data)} data-part={part.type}>
              <Highlighted text={text} query={query} />
            </span>
            {part.type === "ascend" && (
              <Text span size="xs" c="gray.4" data-testid="labyrinth-help"> ({labyrinthHelp(part.version, data)})</Text>
            )}
          </Fragment>
        );
      })}
    </Text>
  );
}
