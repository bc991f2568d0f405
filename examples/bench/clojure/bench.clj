;; The Clojure side of `ptc_bench --vs-clojure`: runs the same programs on the same data in
;; JIT-compiled Clojure 1.11 (Debian's `clojure` package, nothing else on the classpath).
;;
;;   clojure bench.clj DIR [--quick]
;;
;; DIR holds what ptc_bench wrote: data.edn (the map PTC-Lisp programs read as data/KEY) and
;; programs.edn (a vector of {:name "..." :source "..."}, the exact PTC-Lisp program texts).
;; Each program is read and compiled ONCE as a function of the data map: every `data/KEY`
;; symbol becomes a local bound from the map, so the timed calls do no lookup PTC-Lisp would not
;; do. Then it is warmed up (JIT) for about 2 s, timed one call at a time for about 1 s, and
;; reported on stdout as one JSON array: name, reps, median_us, min_us, cpu_mean_us (CPU time of
;; the whole JVM per call, mean) and result (pr-str of the value, which ptc_bench compares with its own). Reading the data happens before any timing.
;; Progress goes to stderr.
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

(defn- median [xs]
  (let [v (vec (sort xs)) n (count v)]
    (if (odd? n) (v (quot n 2)) (/ (+ (v (dec (quot n 2))) (v (quot n 2))) 2.0))))

(def ^:private os-bean
  (java.lang.management.ManagementFactory/getOperatingSystemMXBean))

(defn- process-cpu-us
  "CPU time of the whole JVM (GC and JIT threads included: their work is part of the cost)."
  ^double []
  (/ (.getProcessCpuTime ^com.sun.management.OperatingSystemMXBean os-bean) 1000.0))

(defn measure
  "Warm-up for warmup-us (at least 3 calls), then timed calls for budget-us (at least 10).
  The JVM's CPU clock ticks in 10 ms steps, so CPU time is taken over the whole timed batch:
  cpu_mean_us is the mean per call."
  [f data warmup-us budget-us]
  (let [w0 (now-us)]
    (loop [i 0]
      (when (or (< i 3) (< (- (now-us) w0) warmup-us))
        (force! (f data))
        (recur (inc i)))))
  (let [t0 (now-us)
        c0 (process-cpu-us)]
    (loop [wall []]
      (if (or (< (count wall) 10) (< (- (now-us) t0) budget-us))
        (let [s (now-us)]
          (force! (f data))
          (recur (conj wall (- (now-us) s))))
        {:reps (count wall) :median_us (median wall) :min_us (apply min wall)
         :cpu_mean_us (/ (- (process-cpu-us) c0) (count wall))}))))

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
    (integer? x) (str x)
    (number? x) (str (double x))
    :else (json-str (str x))))

(defn run-one [{:keys [name source]} data quick?]
  (binding [*out* *err*] (println "clojure:" name) (flush))
  (try
    (let [f (compile-program source)
          result (pr-str (f data))
          m (if quick?
              (measure f data 300000 200000)
              (measure f data 2000000 1000000))]
      (assoc m :name name :result result))
    (catch Throwable t
      (let [root (last (take-while some? (iterate #(.getCause ^Throwable %) t)))]
        {:name name :error (str (.getSimpleName (class root)) ": " (.getMessage ^Throwable root))}))))

(defn -main [dir & flags]
  (let [quick? (some #{"--quick"} flags)
        data (edn/read-string (slurp (str dir "/data.edn")))
        programs (edn/read-string (slurp (str dir "/programs.edn")))
        results (mapv #(run-one % data quick?) programs)]
    (println (to-json results))
    (flush)))

(apply -main *command-line-args*)
