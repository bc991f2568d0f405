;; The Clojure side of `ptc_bench --vs-clojure`: runs the same programs on the same data in
;; JIT-compiled Clojure 1.11 (Debian's `clojure` package, nothing else on the classpath).
;;
;;   clojure bench.clj DIR
;;
;; DIR holds what ptc_bench wrote: data.edn (the map PTC-Lisp programs read as data/KEY) and
;; programs.edn (a vector of {:name "..." :source "..."}, the exact PTC-Lisp program texts).
;; Each program is read and compiled ONCE as a function of the data map: every `data/KEY`
;; symbol becomes a local bound from the map, so the timed calls do no lookup PTC-Lisp would not
;; do. Reading the data happens before any timing.
;;
;; The script then serves ptc_bench, one command per line on stdin, one JSON object per line on
;; stdout, so that ptc_bench can time its own side in between (both sides measured in the same
;; seconds, whatever the machine's speed does meanwhile):
;;   ready                 printed once the data is read
;;   warm I US             compile program I (0-based), run it once, warm it up (JIT) for US µs
;;                         (at least 3 calls): {"name", "result"} (pr-str of the value, which
;;                         ptc_bench compares with its own) or {"name", "error"}
;;   time I US             timed calls for US µs (at least 3): {"samples": [µs per call],
;;                         "cpu_us": CPU time of the whole JVM over the batch (GC and JIT
;;                         threads included)}
;; End of input ends the script. Progress goes to stderr.
(ns ptc-bench
  (:require [clojure.edn :as edn]
            [clojure.string :as str]
            [clojure.walk :as walk]))

(defn- read-all
  "Every form of a PTC-Lisp program text, read with Clojure's reader (regex literals, #(...))."
  [source]
  (let [r (java.io.PushbackReader. (java.io.StringReader. source))
        eof (Object.)]
    (binding [*read-eval* false]
      (loop [forms []]
        (let [f (read r false eof)]
          (if (identical? f eof) forms (recur (conj forms f))))))))

(defn- data-symbol? [x]
  (and (symbol? x) (= "data" (namespace x))))

(defn compile-program
  "A function of the data map that evaluates the program's forms in order (the last one's value
  is the result). data/KEY symbols become locals bound once per call from (:KEY data)."
  [source]
  (let [forms (read-all source)
        data-syms (->> (tree-seq coll? seq forms) (filter data-symbol?) distinct)
        locals (into {} (map (fn [s] [s (gensym (str "data-" (name s) "-"))]) data-syms))
        body (walk/postwalk-replace locals forms)
        data-arg (gensym "data")]
    (binding [*ns* (the-ns 'ptc-bench)]
      (eval `(fn [~data-arg]
               (let [~@(mapcat (fn [[s local]] [local `(get ~data-arg ~(keyword (name s)))]) locals)]
                 ~@body))))))

(defn- force!
  "Realises every lazy part of a result, so the timed region includes all the work (PTC-Lisp
  sequences are eager; Clojure's are not)."
  [x]
  (when (coll? x) (run! force! x)))

(defn- now-us ^double [] (/ (System/nanoTime) 1000.0))

(def ^:private os-bean
  (java.lang.management.ManagementFactory/getOperatingSystemMXBean))

(defn- process-cpu-us
  "CPU time of the whole JVM (GC and JIT threads included: their work is part of the cost)."
  ^double []
  (/ (.getProcessCpuTime ^com.sun.management.OperatingSystemMXBean os-bean) 1000.0))

(defn- warm!
  "Calls f for warmup-us (at least 3 calls), so the JIT has compiled it before any timing."
  [f data warmup-us]
  (let [w0 (now-us)]
    (loop [i 0]
      (when (or (< i 3) (< (- (now-us) w0) warmup-us))
        (force! (f data))
        (recur (inc i))))))

(defn- time-batch
  "Timed calls for budget-us (at least 3): each call's wall µs, and the JVM's CPU µs over the
  whole batch (its CPU clock ticks in 10 ms steps, so only a batch total is exact)."
  [f data budget-us]
  (let [t0 (now-us)
        c0 (process-cpu-us)]
    (loop [wall []]
      (if (or (< (count wall) 3) (< (- (now-us) t0) budget-us))
        (let [s (now-us)]
          (force! (f data))
          (recur (conj wall (- (now-us) s))))
        {:samples wall :cpu_us (- (process-cpu-us) c0)}))))

(defn- json-str
  "A JSON string literal; everything outside printable ASCII escaped, so the output is ASCII."
  [^String s]
  (let [sb (StringBuilder. "\"")]
    (doseq [c s]
      (let [i (int c)]
        (cond
          (= c \") (.append sb "\\\"")
          (= c \\) (.append sb "\\\\")
          (= c \newline) (.append sb "\\n")
          (or (< i 32) (> i 126)) (.append sb (format "\\u%04x" i))
          :else (.append sb c))))
    (str (.append sb "\""))))

(defn- to-json [x]
  (cond
    (map? x) (str "{" (str/join "," (map (fn [[k v]] (str (json-str (name k)) ":" (to-json v))) x)) "}")
    (sequential? x) (str "[" (str/join "," (map to-json x)) "]")
    (string? x) (json-str x)
    (boolean? x) (str x)
    (integer? x) (str x)
    (number? x) (str (double x))
    :else (json-str (str x))))

(defn- root-message [^Throwable t]
  (let [root (last (take-while some? (iterate #(.getCause ^Throwable %) t)))]
    (str (.getSimpleName (class root)) ": " (.getMessage ^Throwable root))))

(defn- warm-one
  "Compiles program i (kept in `compiled` for the timing commands), runs it once for its result
  and warms it up."
  [compiled {:keys [name source]} i data warmup-us]
  (binding [*out* *err*] (println "clojure:" name) (flush))
  (try
    (let [f (compile-program source)
          result (pr-str (f data))]
      (warm! f data warmup-us)
      (swap! compiled assoc i f)
      {:name name :result result})
    (catch Throwable t
      {:name name :error (root-message t)})))

(defn- serve [programs data]
  (let [compiled (atom {})
        reply (fn [m] (println (to-json m)) (flush))]
    (reply {:ready true})
    (loop []
      (when-let [line (read-line)]
        (let [[cmd i us] (str/split (str/trim line) #"\s+")
              i (some-> i parse-long)
              us (some-> us parse-double)
              program (when (and i (< -1 i (count programs))) (programs i))]
          (cond
            (not (and program us)) (reply {:error (str "bad command: " line)})
            (= cmd "warm") (reply (warm-one compiled program i data us))
            (= cmd "time") (if-let [f (@compiled i)]
                             (reply (try (time-batch f data us)
                                         (catch Throwable t {:error (root-message t)})))
                             (reply {:error (str "program " i " was not warmed up")}))
            :else (reply {:error (str "bad command: " line)})))
        (recur)))))

(defn -main [dir & _]
  (let [data (edn/read-string (slurp (str dir "/data.edn")))
        programs (edn/read-string (slurp (str dir "/programs.edn")))]
    (serve programs data)))

(apply -main *command-line-args*)
