package io.github.zkrpcperfgate.report.html;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * Opens the HTML report in headless Chromium, as a reviewer would, and reports what a person
 * would see: whether every chart was drawn, whether a script failed, and a screenshot that is
 * not blank. Chromium gets a throw-away profile, no background services, and a proxy and
 * resolver that lead nowhere, so it sends no traffic at all; the page itself fetches nothing.
 */
public final class BrowserCheck {

    /** What the browser showed. */
    public record Result(Map<String, String> body, int screenshotWidth, int screenshotHeight, int distinctColors,
                         double inkFraction) {

        /** One line per thing a person would call broken; empty when the page looks right. */
        public List<String> problems() {
            List<String> problems = new ArrayList<>();
            String charts = body.getOrDefault("data-charts", "?");
            String drawn = body.getOrDefault("data-charts-drawn", "?");
            if (!body.containsKey("data-charts-drawn")) {
                problems.add("the page's check script never finished (no data-charts-drawn on <body>)");
            } else if (!drawn.equals(charts) || charts.equals("0")) {
                problems.add(drawn + " of " + charts + " charts were drawn");
            }
            if (!"0".equals(body.get("data-script-errors"))) {
                problems.add("script errors: " + body.getOrDefault("data-script-errors", "unknown"));
            }
            if (distinctColors < 8 || inkFraction < 0.02) {
                problems.add("the screenshot looks blank: " + distinctColors + " colours, " + Math.round(inkFraction * 100)
                        + "% of pixels not white");
            }
            return problems;
        }
    }

    private static final List<String> CANDIDATES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");
    private static final Pattern BODY = Pattern.compile("<body([^>]*)>");
    private static final Pattern ATTRIBUTE = Pattern.compile("([\\w-]+)=\"([^\"]*)\"");

    private BrowserCheck() {
    }

    /** {@code $PERF_CHROMIUM}, else the first of chromium, chromium-browser, google-chrome on the PATH. */
    public static Optional<Path> findChromium() {
        String configured = System.getenv("PERF_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(java.io.File.pathSeparator)).filter(d -> !d.isBlank())
                .flatMap(dir -> CANDIDATES.stream().map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable).findFirst();
    }

    /** Renders {@code html}, writes {@code screenshot} (PNG) and returns what was seen; bounded by {@code timeout} per step. */
    public static Result check(Path chromium, Path html, Path screenshot, Duration timeout) throws IOException, InterruptedException {
        if (!Files.isRegularFile(html)) {
            throw new IOException("no report to check at " + html);
        }
        Path profile = Files.createTempDirectory("zk-rpc-perfgate-chromium-");
        try {
            String url = html.toAbsolutePath().toUri().toString();
            String dom = run(chromium, profile, timeout, "--dump-dom", url);
            Files.deleteIfExists(screenshot);
            run(chromium, profile, timeout, "--screenshot=" + screenshot.toAbsolutePath(), url);
            if (!Files.isRegularFile(screenshot)) {
                throw new IOException(chromium + " wrote no screenshot to " + screenshot);
            }
            BufferedImage image = ImageIO.read(screenshot.toFile());
            if (image == null) {
                throw new IOException(screenshot + " is not an image Java can read");
            }
            return new Result(bodyAttributes(dom), image.getWidth(), image.getHeight(), distinctColors(image), inkFraction(image));
        } finally {
            deleteRecursively(profile);
        }
    }

    private static String run(Path chromium, Path profile, Duration timeout, String... what) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-features=Translate,MediaRouter",
                "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars",
                "--user-data-dir=" + profile, "--window-size=1100,5600", "--virtual-time-budget=5000"));
        command.addAll(List.of(what));
        Path out = Files.createTempFile(profile, "out-", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException(chromium + " did not finish " + String.join(" ", what) + " within " + timeout.toSeconds() + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(chromium + " exited with " + p.exitValue() + " on " + String.join(" ", what));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    static Map<String, String> bodyAttributes(String dom) {
        Map<String, String> attributes = new LinkedHashMap<>();
        Matcher body = BODY.matcher(dom);
        if (body.find()) {
            Matcher a = ATTRIBUTE.matcher(body.group(1));
            while (a.find()) {
                attributes.put(a.group(1), a.group(2));
            }
        }
        return attributes;
    }

    private static int distinctColors(BufferedImage image) {
        Set<Integer> colors = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colors.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        return colors.size();
    }

    private static double inkFraction(BufferedImage image) {
        long ink = 0;
        long all = 0;
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                all++;
                if ((image.getRGB(x, y) & 0xffffff) != 0xffffff) {
                    ink++;
                }
            }
        }
        return all == 0 ? 0 : (double) ink / all;
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            System.err.println("[perf] could not remove Chromium's throw-away profile " + dir + ": " + e);
        }
    }
}
