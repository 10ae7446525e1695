import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider, type CSSVariablesResolver } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { RouterProvider } from "react-router-dom";
import { SessionGuards } from "../features/session/SessionGuards";
import { router } from "./routes";
import { LAYOUT, theme } from "./theme";

// Mantine's dark "dimmed" grey reads at 4.0:1 on the dark body; a lighter grey meets WCAG AA (axe).
const cssVariables: CSSVariablesResolver = () => ({ variables: {}, light: {}, dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)" } });

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" cssVariablesResolver={cssVariables}>
      <Notifications limit={LAYOUT.toastLimit} position="bottom-center" />
      <SessionGuards />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
