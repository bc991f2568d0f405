;; Threading macros: ->, ->>, some-> and cond-> turn nested calls into a pipeline.
;;
;;   ptc eval examples/programs/threading.clj --show-output

(def text "It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity")

;; ->> threads as the last argument: a word-frequency pipeline.
(def top-words
  (->> (str/split (str/lower-case text) #"[^a-z]+")
       (remove str/blank?)
       (remove #{"it" "was" "the" "of"})
       frequencies
       (sort-by (juxt (comp - val) key))
       (take 4)))
(println "top words:" top-words)

;; -> threads as the first argument: building up a map step by step.
(def config
  (-> {:retries 3}
      (assoc :timeout-ms 500)
      (update :retries inc)
      (assoc-in [:http :user-agent] "ptc")))
(println "config:" config)

;; some-> stops at the first nil: safe navigation through optional data.
(def user {:profile {:contact {:email "Ada@Example.org"}}})
(println "email:" (some-> user :profile :contact :email str/lower-case)
         "| phone:" (some-> user :profile :contact :phone str/trim))

;; cond-> applies only the steps whose test is true.
(defn price [{:keys [base member? coupon]}]
  (cond-> base
    member? (* 0.9)
    coupon (- coupon)
    true (max 0)))

{:top-words (vec top-words)
 :config config
 :prices (mapv price [{:base 100} {:base 100 :member? true} {:base 20 :member? true :coupon 25}])}
