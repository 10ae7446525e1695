import { Box, type MantineLoaderComponent } from "@mantine/core";
import classes from "./steppedMotion.module.css";

/** The app's loader (theme.ts): Mantine's dots, lit in turn in steps (see the CSS for why). */
export const SteppedDots: MantineLoaderComponent = ({ className, ...others }) => (
  <Box component="span" className={[classes.dots, className].filter(Boolean).join(" ")} {...others}>
    <span className={classes.dot} />
    <span className={classes.dot} />
    <span className={classes.dot} />
  </Box>
);
