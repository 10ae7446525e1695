import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { LAST_UPDATED, parseTab, POLICIES, POLICY_TABS, type PolicyTab } from "./policy";

export default function PrivacyPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get("tab"));
  return (
    <Stack maw={860} gap="md">
      <Tabs value={tab} onChange={(v) => setParams({ tab: parseTab(v) as PolicyTab }, { replace: true })}>
        <Tabs.List>
          {POLICY_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {POLICY_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md" data-testid={`policy-${t.value}`}>
            <Title order={1} mb="xs">{t.label}</Title>
            <Text size="sm" c="dimmed" mb="md">Last updated {LAST_UPDATED}</Text>
            {POLICIES[t.value].map((s) => (
              <section key={s.heading}>
                <Title order={2} size="h3" mt="md" mb="xs">{s.heading}</Title>
                {s.paragraphs.map((p) => <Text key={p.slice(0, 40)} mb="sm">{p}</Text>)}
              </section>
            ))}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
