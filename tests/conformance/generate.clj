;; Generates tests/conformance/expected.tsv from the programs in tests/conformance/programs/
;; by running every case in real Clojure (one JVM for all cases).
;;
;; Usage: clojure generate.clj <programs-dir> <expected-dir> [file.clj ...]
;; With file names, only those programs files are regenerated (duplicate names are still checked
;; across all files).
;;
;; Case format (shared with tests/lisp/conformance_test.cpp): a line ";;;; <case-name>" starts a
;; case; the lines up to the next such line (or the end of the file) are the program. Lines
;; before the first header are ignored. The program's forms are read one by one (so a stray
;; closing bracket is a reader error, as in PTC-Lisp), then evaluated in order in a fresh
;; namespace; the value of the last form is the result.
;;
;; Output: expected/<file>.tsv for each programs/<file>.clj, one line per case in file order:
;;   <name>\tok\t<pr-str of the value>
;;   <name>\terror\t<kind>
(ns ptc.conformance.generate
  (:require [clojure.string :as string]
            [clojure.java.io :as io])
  (:import [java.io StringWriter PushbackReader StringReader]
           [clojure.lang LispReader$ReaderException Compiler$CompilerException ExceptionInfo
            ArityException]))

(def timeout-ms 10000)

(defn parse-cases
  "Splits one programs file into [name source] pairs."
  [text]
  (loop [lines (string/split-lines text) current nil acc []]
    (let [finish (fn [acc] (if current
                             (conj acc [(:name current)
                                        (string/trim (string/join "\n" (:lines current)))])
                             acc))]
      (if (empty? lines)
        (finish acc)
        (let [line (first lines)]
          (if (string/starts-with? line ";;;; ")
            (recur (rest lines) {:name (string/trim (subs line 5)) :lines []} (finish acc))
            (recur (rest lines)
                   (when current (update current :lines conj line))
                   acc)))))))

(defn read-all
  "Reads every form of src; throws on a reader error."
  [src]
  (let [rdr (clojure.lang.LineNumberingPushbackReader. (StringReader. src))
        eof (Object.)]
    (loop [forms []]
      (let [form (read {:eof eof} rdr)]
        (if (identical? form eof)
          forms
          (recur (conj forms form)))))))

(defn root-cause-chain [^Throwable e]
  (take-while some? (iterate #(.getCause ^Throwable %) e)))

(defn classify
  "Maps a Java exception from evaluating a case to a PTC-Lisp error kind."
  [^Throwable e]
  (let [chain (root-cause-chain e)
        compile-ex (first (filter #(instance? Compiler$CompilerException %) chain))
        phase (when compile-ex (:clojure.error/phase (ex-data compile-ex)))
        ;; the first exception that is not a compiler wrapper is the real one
        cause (or (first (remove #(instance? Compiler$CompilerException %) chain)) e)
        msg (or (.getMessage ^Throwable cause) "")
        compile-time? (contains? #{:read-source :macro-syntax-check :macroexpansion
                                   :compile-syntax-check :compilation} phase)]
    (cond
      (instance? LispReader$ReaderException cause) "parse"
      (= phase :read-source) "parse"
      (or (string/includes? msg "Unable to resolve symbol")
          (string/includes? msg "No such namespace")
          (string/includes? msg "No such var")) "unbound"
      (string/includes? msg "Can't call nil") "not_callable"
      (instance? ArityException cause) "arity"
      ;; spec failures of macro syntax (bad let bindings, ...) are ExceptionInfo at compile time
      (and compile-time? (not (instance? ArithmeticException cause))) "analysis"
      (instance? ExceptionInfo cause) "exception"
      (and (instance? ClassCastException cause)
           (string/includes? msg "clojure.lang.IFn")) "not_callable"
      (instance? IndexOutOfBoundsException cause) "index"
      (instance? ArithmeticException cause) "arithmetic"
      (or (instance? ClassCastException cause)
          (instance? IllegalArgumentException cause)
          (instance? NullPointerException cause)
          (instance? UnsupportedOperationException cause)
          (instance? java.time.DateTimeException cause)) "type"
      :else (str "unclassified:" (.getName (class cause)) ":"
                 (string/replace msg #"\s+" " ")))))

(defn eval-case
  "Evaluates one program in a fresh namespace; returns [\"ok\" text] or [\"error\" kind]."
  [src]
  (let [forms (try (read-all src)
                   (catch Throwable _ ::parse-error))]
    (if (= forms ::parse-error)
      ["error" "parse"]
      (let [ns-sym (gensym "ptc.case")
            result (promise)
            work (fn []
                   (deliver
                    result
                    (try
                      (binding [*ns* (create-ns ns-sym)
                                *out* (StringWriter.)
                                *print-length* nil
                                *print-level* nil
                                *print-namespace-maps* false]
                        (refer 'clojure.core)
                        (require '[clojure.string :as str] '[clojure.set :as set]
                                 '[clojure.walk :as walk])
                        (alias 'string 'clojure.string)
                        (import '[java.time LocalDate])
                        (let [v (reduce (fn [_ form] (eval form)) nil forms)]
                          ["ok" (pr-str v)]))
                      (catch Throwable e ["error" (classify e)]))))
            t (Thread. ^Runnable work)]
        (.setDaemon t true)
        (.start t)
        (let [r (deref result timeout-ms nil)]
          (remove-ns ns-sym)
          (or r
              (do (.stop t) ["error" "timeout"])))))))

(defn write-expected
  "Runs every case of one programs file and writes its expected file; returns the problem count."
  [cases out-file]
  (let [problems (atom 0)]
    (with-open [w (io/writer out-file)]
      (doseq [[name src] cases]
        (let [[status text] (eval-case src)]
          (when (or (= text "timeout") (string/starts-with? text "unclassified")
                    (string/includes? text "#object"))
            (swap! problems inc)
            (binding [*out* *err*] (println "PROBLEM" name text)))
          (.write w (str name "\t" status "\t" text "\n")))))
    @problems))

(defn -main [programs-dir out-dir & only]
  (let [files (sort-by #(.getName ^java.io.File %)
                       (filter #(string/ends-with? (.getName ^java.io.File %) ".clj")
                               (.listFiles (io/file programs-dir))))
        per-file (into [] (map (fn [f] [f (parse-cases (slurp f))])) files)
        dups (for [[n c] (frequencies (map first (mapcat second per-file))) :when (> c 1)] n)
        wanted (set only)
        chosen (filter (fn [[f _]] (or (empty? wanted) (wanted (.getName ^java.io.File f))))
                       per-file)]
    (when (seq dups)
      (binding [*out* *err*] (println "duplicate case names:" (string/join " " dups)))
      (System/exit 2))
    (.mkdirs (io/file out-dir))
    (let [problems (reduce + (for [[f cases] chosen]
                               (let [base (string/replace (.getName ^java.io.File f) #"\.clj$" "")
                                     out (io/file out-dir (str base ".tsv"))
                                     n (write-expected cases out)]
                                 (binding [*out* *err*]
                                   (println "wrote" (count cases) "cases to" (str out)))
                                 n)))]
      (shutdown-agents)
      (System/exit (if (pos? problems) 1 0)))))

(apply -main *command-line-args*)
